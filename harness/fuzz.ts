// A seeded fuzzer for the HTTP surface: every API endpoint listed in the OpenAPI document plus the contact
// page's form action, hit with random and hostile requests. Request i depends only on (seed, i), so a run
// is reproducible whatever order the answers come back in. It counts statuses and keeps examples of the
// answers that must never happen: 5xx, stack traces, file contents and hung requests.
import http from "node:http";
import { describe, type FuzzRequest, fuzzTargets, buildRequest } from "./fuzz-requests.ts";
import { type Answer, send } from "./fuzz-send.ts";

export type Finding = { request: string; status: number | string; answer: string };

export type FuzzReport = {
  requests: number;
  seconds: number;
  statuses: Record<string, number>;
  /** Requests per endpoint ("METHOD template"), to show every one was reached. */
  byTarget: Record<string, number>;
  byMutation: Record<string, Record<string, number>>;
  serverErrors: number;
  stackTraces: number;
  fileLeaks: number;
  timeouts: number;
  /** Resets of reused kept-alive sockets, retried once on a fresh socket. */
  retriedResets: number;
  /** Connection errors (a reset after a refused upload is normal; refused connections are not). */
  networkErrors: Record<string, number>;
  /** 5xx counted by endpoint and mutation, to see at a glance where they come from. */
  serverErrorsBy: Record<string, number>;
  findings: { serverErrors: Finding[]; stackTraces: Finding[]; fileLeaks: Finding[]; timeouts: Finding[]; networkErrors: Finding[] };
  stoppedEarly: boolean;
};

const STACK_TRACE = /at .*\.ts:|node_modules/;
const FILE_LEAK = /root:x:0:0|"devDependencies"|from "hono"/;

export type FuzzOptions = {
  baseURL: string;
  requests: number;
  seed: number;
  concurrency: number;
  timeLimitMs: number;
  requestTimeoutMs?: number;
  localAddress?: string;
  keepFindings?: number;
};

function emptyReport(): FuzzReport {
  return {
    requests: 0,
    seconds: 0,
    statuses: {},
    byTarget: {},
    byMutation: {},
    serverErrors: 0,
    stackTraces: 0,
    fileLeaks: 0,
    timeouts: 0,
    retriedResets: 0,
    networkErrors: {},
    serverErrorsBy: {},
    findings: { serverErrors: [], stackTraces: [], fileLeaks: [], timeouts: [], networkErrors: [] },
    stoppedEarly: false,
  };
}

/** Counts one answer into the report, keeping up to `keep` examples of each kind of finding. */
function tally(report: FuzzReport, req: FuzzRequest, answer: Answer, keep: number) {
  const note = (list: Finding[], status: number | string, text: string) => {
    if (list.length < keep) list.push({ request: describe(req), status, answer: text.slice(0, 400) });
  };
  report.requests++;
  // Node refuses headers over 16 KB with 431 and closes while the client is still sending: a reset.
  if ("error" in answer && req.path.length > 16 * 1024) answer = { error: `${answer.error} (headers > 16 KB)` };
  const key = "status" in answer ? String(answer.status) : answer.error;
  report.statuses[key] = (report.statuses[key] ?? 0) + 1;
  report.byTarget[req.target] = (report.byTarget[req.target] ?? 0) + 1;
  (report.byMutation[req.mutation] ??= {})[key] = (report.byMutation[req.mutation][key] ?? 0) + 1;
  if ("error" in answer) {
    if (answer.error === "timeout") {
      report.timeouts++;
      note(report.findings.timeouts, "timeout", "");
    } else {
      report.networkErrors[answer.error] = (report.networkErrors[answer.error] ?? 0) + 1;
      note(report.findings.networkErrors, answer.error, "");
    }
    return;
  }
  if (answer.status >= 500) {
    report.serverErrors++;
    const by = `${req.target} [${req.mutation}] ${answer.status}`;
    report.serverErrorsBy[by] = (report.serverErrorsBy[by] ?? 0) + 1;
    note(report.findings.serverErrors, answer.status, answer.body);
  }
  if (STACK_TRACE.test(answer.body)) {
    report.stackTraces++;
    note(
      report.findings.stackTraces,
      answer.status,
      answer.body.match(new RegExp(`.{0,200}(${STACK_TRACE.source}).{0,200}`, "s"))?.[0] ?? "",
    );
  }
  if (FILE_LEAK.test(answer.body)) {
    report.fileLeaks++;
    note(report.findings.fileLeaks, answer.status, answer.body);
  }
}

export async function fuzz(o: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const base = new URL(o.baseURL);
  const targets = await fuzzTargets(o.baseURL);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.concurrency });
  const keep = o.keepFindings ?? 10;
  const report = emptyReport();
  let next = 0;
  const deadline = started + o.timeLimitMs;
  async function worker() {
    while (next < o.requests) {
      if (performance.now() > deadline) {
        report.stoppedEarly = true;
        return;
      }
      const req = buildRequest(targets, o.seed, next++);
      let answer = await send(base, req, agent, o.localAddress, o.requestTimeoutMs ?? 30_000);
      // A kept-alive socket the server closed just before it was reused (idle timeout, or @hono/node-server
      // giving up after 500 ms on draining an upload it refused): browsers retry such a request too.
      for (let retry = 0; retry < 3 && "error" in answer && answer.reused && answer.error === "ECONNRESET"; retry++) {
        report.retriedResets++;
        answer = await send(base, req, agent, o.localAddress, o.requestTimeoutMs ?? 30_000);
      }
      tally(report, req, answer, keep);
    }
  }
  try {
    await Promise.all(Array.from({ length: o.concurrency }, worker));
  } finally {
    agent.destroy();
  }
  report.seconds = Math.round((performance.now() - started) / 100) / 10;
  return report;
}

/** True when the server still answers a plain API call. */
export async function stillAnswering(baseURL: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseURL}/back/api/user/language1/languages`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}
