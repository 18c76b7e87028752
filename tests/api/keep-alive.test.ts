// An answer sent before the request body was read (413, 415, 429, 400) must not break the next request on
// the same kept-alive connection: the published app keeps its connections alive. Real HTTP server and a
// keep-alive agent with one socket, so every request after the first reuses the connection (or a new one,
// when the server said it would close).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../setup/test-app.ts";

type Answer = { status?: number; connection?: string; error?: string };

describe("kept-alive connections after an early answer", () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    t = await testApp("sqlite", { contactLimit: 1 });
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server.once("listening", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await t?.close();
  });

  function send(
    agent: http.Agent,
    method: string,
    path: string,
    body?: string | Buffer,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    return new Promise((resolve) => {
      const req = http.request({ host: "127.0.0.1", port, method, path, agent, headers }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, connection: res.headers.connection }));
      });
      req.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
      req.end(body);
    });
  }

  const bigJson = JSON.stringify({ name: "x".repeat(1_200_000) });
  const early: Array<[string, number, string, string | Buffer, Record<string, string>]> = [
    ["a 1.2 MB JSON body", 413, "/back/api/user/contact-admin", bigJson, { "content-type": "application/json" }],
    // Under the 64 KB limit, but answered without reading the body.
    [
      "a 60 kB body of an unsupported type",
      415,
      "/back/api/user/contact-admin",
      Buffer.alloc(60_000, 97),
      { "content-type": "text/plain" },
    ],
    [
      "a 60 kB body sent to an unknown address",
      404,
      "/back/api/user/nothing-here",
      Buffer.alloc(60_000, 97),
      { "content-type": "application/json" },
    ],
  ];

  it.each(early)("answers %s and then serves four more requests on the same agent", async (_label, status, path, body, headers) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, "POST", path, body, { ...headers, "content-length": String(Buffer.byteLength(body)) });
      expect(first.status).toBe(status);
      const next: Answer[] = [];
      for (let i = 0; i < 4; i++) next.push(await send(agent, "GET", "/back/api/user/language1/languages"));
      expect(next).toEqual(Array(4).fill(expect.objectContaining({ status: 200 })));
    } finally {
      agent.destroy();
    }
  });

  it("keeps the connection open after an answer whose body was read in full", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const bad = await send(agent, "POST", "/back/api/user/contact-admin", "{}", {
        "content-type": "application/json",
        "content-length": "2",
      });
      expect(bad).toMatchObject({ status: 400, connection: "keep-alive" });
    } finally {
      agent.destroy();
    }
  });
});
