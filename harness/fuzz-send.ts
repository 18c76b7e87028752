// Sends one fuzz request on a raw http.request, so that the fuzzer can send what fetch refuses to (odd
// methods, chunked bodies, invalid bytes) and tell a reset of a reused kept-alive socket from other errors.
import http from "node:http";
import type { FuzzRequest } from "./fuzz-requests.ts";

const USED = Symbol("used before");
export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string } | { error: string; reused?: boolean };

export function send(base: URL, req: FuzzRequest, agent: http.Agent, localAddress: string | undefined, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (a: Answer) => {
      if (!done) {
        done = true;
        resolve(a);
      }
    };
    const headers = { ...req.headers };
    if (req.body && !req.chunked) headers["content-length"] = String(req.body.length);
    let r: http.ClientRequest;
    try {
      r = http.request({
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        headers,
        agent,
        localAddress,
        timeout: timeoutMs,
      });
    } catch (e) {
      finish({ error: `client:${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` });
      return;
    }
    r.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        // Bounded: no answer of this site should be anywhere near 4 MB.
        if (size < 4 * 2 ** 20) chunks.push(c);
        size += c.length;
      });
      const answer = () => finish({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.on("end", answer);
      res.on("error", answer);
    });
    r.on("timeout", () => {
      r.destroy();
      finish({ error: "timeout" });
    });
    // Node's reusedSocket flag misses a socket handed over straight from a request that just finished: mark sockets ourselves.
    let reused = false;
    r.on("socket", (socket) => {
      reused = USED in socket;
      (socket as unknown as Record<symbol, boolean>)[USED] = true;
    });
    r.on("error", (e: NodeJS.ErrnoException) => finish({ error: e.code ?? e.message, reused: reused || r.reusedSocket }));
    if (req.body && req.chunked) {
      // Several chunks without a Content-Length: the body limit must count bytes as they come.
      for (let i = 0; i < req.body.length; i += 64 * 1024) r.write(req.body.subarray(i, i + 64 * 1024));
      r.end();
    } else r.end(req.body);
  });
}

/** One request from a chosen loopback address (the server tells clients apart by address, for its rate limit). */
export async function requestFrom(
  baseURL: string,
  localAddress: string,
  req: { method: string; path: string; headers?: Record<string, string>; body?: string },
  /** How long the socket may stay silent before the request is given up. */
  timeoutMs = 30_000,
) {
  const agent = new http.Agent({ keepAlive: false });
  try {
    const answer = await send(
      new URL(baseURL),
      {
        n: 0,
        target: "",
        mutation: "",
        method: req.method,
        path: req.path,
        headers: req.headers ?? {},
        body: req.body === undefined ? undefined : Buffer.from(req.body),
      },
      agent,
      localAddress,
      timeoutMs,
    );
    if ("error" in answer) throw new Error(`${req.method} ${req.path} from ${localAddress}: ${answer.error}`);
    return answer;
  } finally {
    agent.destroy();
  }
}
