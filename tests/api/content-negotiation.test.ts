// Accept-Encoding is read with its q-values: an encoding with q=0 is never sent, "*" stands for every encoding
// not named, and "identity" alone gets the plain body. Checked on the rule itself, on an API answer compressed
// per request, and on a built script sent from its precompressed copies.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickEncoding } from "../../server/http/compression.ts";
import { testApp } from "../setup/test-app.ts";

/** [Accept-Encoding, the encoding the answer must have (undefined: none)]. */
const CASES: Array<[string | undefined, "br" | "gzip" | undefined]> = [
  [undefined, undefined],
  ["", undefined],
  ["identity", undefined],
  ["gzip, br", "br"],
  ["br", "br"],
  ["BR", "br"],
  ["gzip", "gzip"],
  ["gzip, br;q=0", "gzip"],
  ["br;q=0, gzip", "gzip"],
  ["br;q=0, gzip;q=0", undefined],
  ["gzip;q=0", undefined],
  ["gzip;q=0.8, br;q=0.5", "gzip"],
  ["br;q=0.001, gzip;q=0.002", "gzip"],
  ["*", "br"],
  ["*;q=0", undefined],
  ["br;q=0, *", "gzip"],
  ["gzip;q=0, *", "br"],
  ["gzip, *;q=0", "gzip"],
  ["identity;q=0, br;q=0, gzip;q=0", undefined],
  ["deflate", undefined],
  ["compress, identity;q=0.5", undefined],
];

describe("content negotiation of the encoding", () => {
  it.each(CASES)("Accept-Encoding %j → %s", (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });

  let t: Awaited<ReturnType<typeof testApp>>;
  let clientDir: string;
  const script = `export const text = ${JSON.stringify("Palmyra, Bosra, Aleppo. ".repeat(200))};\n`;
  beforeAll(async () => {
    // A client build of one script with its .br and .gz copies, as scripts/vite-precompress.ts writes them.
    clientDir = mkdtempSync(join(tmpdir(), "visit-syria-client-"));
    mkdirSync(join(clientDir, "assets"));
    writeFileSync(join(clientDir, "assets", "app-test.js"), script);
    writeFileSync(join(clientDir, "assets", "app-test.js.br"), brotliCompressSync(script));
    writeFileSync(join(clientDir, "assets", "app-test.js.gz"), gzipSync(script));
    t = await testApp("sqlite", { clientDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const request = (path: string, header: string | undefined) =>
    t.app.request(path, { headers: header === undefined ? {} : { "accept-encoding": header } });

  it.each(CASES)("an API answer for Accept-Encoding %j is sent as %s", async (header, expected) => {
    const res = await request("/back/api/openapi.json", header);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding") ?? undefined).toBe(expected);
  });

  it.each(CASES)("a built script for Accept-Encoding %j is sent as %s", async (header, expected) => {
    const res = await request("/assets/app-test.js", header);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding") ?? undefined).toBe(expected);
    if (!expected) expect(await res.text()).toBe(script);
  });
});
