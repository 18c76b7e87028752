// The link probe against a server of its own on the loopback address: a good link, a missing page, a chain of
// permanent redirects, a page that never answers in time, a server that refuses HEAD; and the addresses it must
// never reach, refused before any connection.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPrivateAddress, MAX_REDIRECTS, probe, robotsText } from "./probe.ts";

let server: Server;
let base: string;
const asked: string[] = [];
const local = { timeoutMs: 500, userAgent: "test", allowPrivate: true };

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    const moved = /^\/moved\/(\d+)$/.exec(req.url ?? "");
    if (req.url === "/good") return res.writeHead(200, { "content-type": "text/html" }).end("<p>ok</p>");
    if (req.url === "/robots.txt") return res.writeHead(200).end("User-agent: *\nDisallow: /private-area\n");
    if (moved) {
      const n = Number(moved[1]);
      return res.writeHead(301, { location: n > 1 ? `/moved/${n - 1}` : "/good" }).end();
    }
    if (req.url === "/slow") return void setTimeout(() => res.writeHead(200).end(), 3000).unref();
    if (req.url === "/no-head") return res.writeHead(req.method === "HEAD" ? 405 : 200).end();
    res.writeHead(404).end("not here");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("probe", () => {
  it("reports a good link, a missing page, a redirect chain, a timeout and a server that refuses HEAD", async () => {
    expect(await probe(`${base}/good`, local)).toEqual({ outcome: "ok", status: 200, finalUrl: null, redirects: 0 });
    expect(await probe(`${base}/missing`, local)).toEqual({ outcome: "broken", status: 404, finalUrl: null, redirects: 0 });
    expect(await probe(`${base}/moved/2`, local)).toEqual({ outcome: "redirected", status: 200, finalUrl: `${base}/good`, redirects: 2 });
    // A chain longer than MAX_REDIRECTS is broken, at the hop where it was given up.
    expect(await probe(`${base}/moved/${MAX_REDIRECTS + 3}`, local)).toMatchObject({
      outcome: "broken",
      status: 301,
      redirects: MAX_REDIRECTS,
    });
    const started = performance.now();
    expect(await probe(`${base}/slow`, local)).toEqual({ outcome: "timeout", status: null, finalUrl: null, redirects: 0 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await probe(`${base}/no-head`, local)).toMatchObject({ outcome: "ok", status: 200 });
    expect(asked).toContain("GET /no-head");
    // A page's body is never asked for with a link's check.
    expect(asked.filter((a) => a.endsWith("/good"))).toEqual(expect.arrayContaining(["HEAD /good"]));
    expect(asked).not.toContain("GET /good");
  });

  it("never connects to a private address, whether written in the link or found by resolving its name", async () => {
    const before = asked.length;
    const strict = { timeoutMs: 500, userAgent: "test" };
    const port = (server.address() as AddressInfo).port;
    for (const link of [
      `http://127.0.0.1:${port}/good`,
      `http://localhost:${port}/good`,
      `http://[::1]:${port}/good`,
      `http://[::ffff:127.0.0.1]:${port}/good`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.1.2.3/",
      "http://192.168.1.1/",
      "http://172.20.0.1/",
    ])
      expect({ link, ...(await probe(link, strict)) }).toMatchObject({ link, outcome: "refused", status: null });
    expect(asked.length).toBe(before);
    // Nothing but the web: a file, or any other scheme, is never asked.
    expect(await probe("file:///etc/passwd", local)).toMatchObject({ outcome: "refused" });
    expect(await probe("ftp://example.org/file.zip", local)).toMatchObject({ outcome: "refused" });
    expect(await probe("not a link", local)).toMatchObject({ outcome: "broken", status: null });
  });

  it("tells private addresses from public ones", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.1.1",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:10.0.0.1",
    ])
      expect({ a, private: isPrivateAddress(a) }).toEqual({ a, private: true });
    for (const a of ["8.8.8.8", "172.32.0.1", "2a00:1450:4001:81b::200e", "::ffff:8.8.8.8"])
      expect({ a, private: isPrivateAddress(a) }).toEqual({ a, private: false });
  });

  it("reads a host's robots.txt, and none where it cannot be read", async () => {
    expect(await robotsText(base, local)).toContain("Disallow: /private-area");
    expect(await robotsText(base, { timeoutMs: 500, userAgent: "test" })).toBe("");
  });
});
