// A steady stream of requests (pages and API) from a few workers, each answer kept with its start and end
// time so it can be sorted into the phases of a fault afterwards.
export type Target = {
  name: string;
  kind: "page" | "api";
  /** The path, given the request's sequence number (so a target can ask a fresh URL every time). */
  path: (n: number) => string;
  method?: "GET" | "POST";
  body?: (n: number) => unknown;
  /** The status of a normal answer: 200 unless said (201 for a created message). */
  expect?: number;
};

export type Sample = {
  target: string;
  kind: "page" | "api";
  startedAt: number;
  endedAt: number;
  /** 0 when no HTTP answer came (connection refused or reset, timeout). */
  status: number;
  /** The status is the target's normal one. */
  ok: boolean;
  contentType: string;
  /** The start of the body, kept for answers other than 200 so a report can show what the visitor got. */
  excerpt?: string;
  error?: string;
};

export type Stream = { samples: Sample[]; stop: () => Promise<void> };

const EXCERPT_CHARS = 300;

/** What a visitor reads: the text of an HTML page's <main>, else of its <body> (the head is all markup), or the body as it is. */
function excerptOf(text: string, contentType: string): string {
  if (!contentType.startsWith("text/html")) return text.slice(0, EXCERPT_CHARS);
  const [, tag, inner] = text.match(/<(main)\b[^>]*>([\s\S]*?)<\/main>/) ?? text.match(/<(body)\b[^>]*>([\s\S]*?)<\/body>/) ?? [];
  const visible =
    inner === undefined
      ? text
      : `<${tag}> ${inner
          .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .trim()}`;
  return visible.slice(0, EXCERPT_CHARS);
}

/** A browser's Accept for pages (the site may answer a browser with a page and anything else with JSON). */
const PAGE_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

async function once(baseURL: string, target: Target, n: number, timeoutMs: number, t0: number): Promise<Sample> {
  const startedAt = performance.now() - t0;
  const headers: Record<string, string> = { accept: target.kind === "page" ? PAGE_ACCEPT : "application/json" };
  const init: RequestInit = { method: target.method ?? "GET", headers, signal: AbortSignal.timeout(timeoutMs) };
  if (target.body) {
    init.body = JSON.stringify(target.body(n));
    headers["content-type"] = "application/json";
  }
  try {
    const res = await fetch(baseURL + target.path(n), init);
    const text = await res.text();
    return {
      target: target.name,
      kind: target.kind,
      startedAt,
      endedAt: performance.now() - t0,
      status: res.status,
      ok: res.status === (target.expect ?? 200),
      contentType: res.headers.get("content-type") ?? "",
      excerpt: res.ok ? undefined : excerptOf(text, res.headers.get("content-type") ?? ""),
    };
  } catch (error) {
    return {
      target: target.name,
      kind: target.kind,
      startedAt,
      endedAt: performance.now() - t0,
      status: 0,
      ok: false,
      contentType: "",
      error: String((error as Error).cause ?? error),
    };
  }
}

/** Starts `workers` loops over the targets, each pausing `pauseMs` between requests; bounded by `maxRequests`. */
export function requestStream(
  baseURL: string,
  targets: Target[],
  {
    t0,
    workers = 4,
    pauseMs = 20,
    timeoutMs = 15_000,
    maxRequests = 100_000,
  }: { t0: number; workers?: number; pauseMs?: number; timeoutMs?: number; maxRequests?: number },
): Stream {
  const samples: Sample[] = [];
  let stopped = false;
  let sent = 0;
  const loop = async (worker: number) => {
    for (let i = worker; !stopped && sent < maxRequests; i += workers) {
      const n = sent++;
      samples.push(await once(baseURL, targets[i % targets.length], n, timeoutMs, t0));
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  };
  const running = Array.from({ length: workers }, (_, w) => loop(w));
  return {
    samples,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/** Counts of answers by status ("0" = no answer). */
export function countByStatus(samples: Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of samples) counts[String(s.status)] = (counts[String(s.status)] ?? 0) + 1;
  return counts;
}
