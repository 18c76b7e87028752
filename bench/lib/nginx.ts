// Debian's nginx serving saved answers from files, as the physical limit a page server can be compared with:
// harness/nginx.ts runs it in a scratch folder; the caller stops it (and it is killed at exit).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runNginx } from "../../harness/nginx.ts";
import { freePort } from "../../harness/server-process.ts";
/** nginx adds these itself (or they belong to the connection), so they are not copied from the saved answer. */
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding", "content-type", "server"]);

export type SavedAnswer = { path: string; body: Uint8Array; headers: Record<string, string> };
export type Nginx = { url: string; stop: () => Promise<void> };

function quoted(value: string): string {
  // nginx expands $variables in add_header and has no escape for "$"; none of our headers has one.
  if (value.includes("$")) throw new Error(`header value with "$" cannot be copied into nginx.conf: ${value}`);
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

function config(dir: string, port: number, answers: SavedAnswer[]): string {
  const locations = answers.map((a, i) => {
    const file = join(dir, "www", `answer-${i}`);
    writeFileSync(file, a.body);
    const copied = Object.entries(a.headers).filter(([k]) => !OWN_HEADERS.has(k.toLowerCase()));
    return [
      `    location = ${a.path} {`,
      `      alias ${file};`,
      `      default_type ${quoted(a.headers["content-type"] ?? "text/html")};`,
      ...copied.map(([k, v]) => `      add_header ${k} ${quoted(v)} always;`),
      "    }",
    ].join("\n");
  });
  return `  sendfile on;
  tcp_nopush on;
  etag off;
  keepalive_requests 1000000;
  types {}
  server {
    listen 127.0.0.1:${port};
${locations.join("\n")}
    location / { return 404; }
  }`;
}

export async function startNginx(scratchDir: string, answers: SavedAnswer[]): Promise<Nginx> {
  const dir = join(scratchDir, "nginx");
  mkdirSync(join(dir, "www"), { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { stop } = await runNginx(dir, config(dir, port, answers), `${url}/`);
  return { url, stop };
}
