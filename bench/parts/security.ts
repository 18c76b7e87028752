// Security: response headers scored by the MDN HTTP Observatory's rules (harness/observatory.ts), a seeded
// fuzz of the API and the contact form (harness/fuzz.ts), and the contact rate limit seen from one client.
// Each activity speaks from its own loopback address, since the server counts the rate limit per address.
import { join } from "node:path";
import type { BenchContext, Budget, BenchPart } from "../lib/types.ts";
import { observe, type ObservatoryReport } from "../../harness/observatory.ts";
import { fuzz, stillAnswering, type FuzzReport } from "../../harness/fuzz.ts";
import { requestFrom } from "../../harness/fuzz-send.ts";
import {
  contactRateLimit,
  headThenGet,
  hostPoisoning,
  observatoryTargets,
  respeltWorkspacePaths,
  signInThrottle,
  type RateLimitResult,
} from "../../harness/security-checks.ts";
import { codeReplay, reauthenticationGuessing, unsafeSchemes } from "../../harness/workspace-probes.ts";

const FUZZ_FROM = "127.0.0.2";
const RATE_LIMIT_FROM = "127.0.0.3";
const PROBE_FROM = "127.0.0.4";
const HOST_FROM = "127.0.0.5";
const SIGN_IN_FROM = "127.0.0.6";
const CODE_FROM = "127.0.0.7";
const REAUTH_FROM = "127.0.0.8";

const cell = (r: ObservatoryReport, name: string) => {
  const t = r.tests.find((x) => x.name === name)!;
  return `${t.pass === null ? "n/a" : t.pass ? "pass" : "**fail**"} ${t.modifier > 0 ? `+${t.modifier}` : t.modifier}`;
};

function markdown(
  targets: { label: string; path: string }[],
  reports: ObservatoryReport[],
  f: FuzzReport,
  seed: number,
  rate: RateLimitResult,
  head: Awaited<ReturnType<typeof headThenGet>>,
  oversize: { page: number; api: number },
  alive: boolean,
  workspace: Budget[],
): string {
  const testNames = reports[0].tests.map((t) => t.name);
  const statuses = Object.entries(f.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ");
  const groups = Object.entries(f.serverErrorsBy)
    .map(([k, v]) => `${k} ×${v}`)
    .join("; ");
  return [
    "## Security",
    "",
    `| Observatory test | ${targets.map((t) => t.label).join(" | ")} |`,
    `|---|${targets.map(() => "---").join("|")}|`,
    ...testNames.map((n) => `| ${n} | ${reports.map((r) => cell(r, n)).join(" | ")} |`),
    `| **score, grade** | ${reports.map((r) => `**${r.score}, ${r.grade}**`).join(" | ")} |`,
    "",
    "| fuzz and limits | value |",
    "|---|---|",
    `| requests (seed ${seed}, 20 at a time) | ${f.requests} in ${f.seconds} s over ${Object.keys(f.byTarget).length} endpoints (${Math.min(...Object.values(f.byTarget))} to ${Math.max(...Object.values(f.byTarget))} each)${f.stoppedEarly ? ", stopped at the time limit" : ""} |`,
    `| statuses | ${statuses} |`,
    `| 5xx / stack traces / file contents / hung | ${f.serverErrors} / ${f.stackTraces} / ${f.fileLeaks} / ${f.timeouts} |`,
    `| server alive and answering afterwards | ${alive ? "yes" : "**no**"} |`,
    `| contact rate limit (one client) | ${rate.accepted} accepted, 429 on message ${rate.limitedAt ?? "never"}, Retry-After ${rate.retryAfter ?? "missing"} s |`,
    `| 1 MB body: API / contact page | ${oversize.api} / ${oversize.page} |`,
    `| GET after HEAD of a page | ${head.ok ? "unchanged" : `**${head.afterHeadBytes} bytes, ${head.afterHeadScriptHashes} script hashes** (fresh GET: ${head.freshBytes} bytes)`} |`,
    ...workspace.map((b) => `| ${b.name} | ${b.pass ? b.value : `**${b.value}**`} |`),
    "",
    ...(f.serverErrors
      ? [
          `5xx came from: ${groups}. First: \`${f.findings.serverErrors[0].request.slice(0, 300)}\` → ${f.findings.serverErrors[0].status}.`,
          "",
        ]
      : []),
    "Headers are scored with the Observatory's rules and modifiers (100 to start, bonuses only when penalties leave at least 90), judged as if served over HTTPS; redirection is not applicable on 127.0.0.1 and the HSTS preload list is not consulted. " +
      "The fuzz sends every endpoint of /back/api/openapi.json and POST /contact wrong types, missing and extra fields, bodies up to 1 MB, malformed JSON, wrong content types, hostile Unicode, injection strings, path traversal, absurd numbers and odd methods; a reset is counted as such (Node answers headers over 16 KB with 431 and closes while the client still sends).",
  ].join("\n");
}

async function scoreHeaders(ctx: BenchContext, targets: { label: string; path: string }[]): Promise<ObservatoryReport[]> {
  const base = ctx.baseURL;
  const reports: ObservatoryReport[] = [];
  for (const t of targets) {
    const r = await observe(base + t.path);
    reports.push(r);
    ctx.log(`${t.label} ${t.path}: ${r.score} ${r.grade}`);
  }
  return reports;
}

async function fuzzFromOneClient(ctx: BenchContext) {
  const base = ctx.baseURL;
  const requests = Number(process.env.BENCH_FUZZ_REQUESTS ?? 10_000);
  const seed = Number(process.env.BENCH_FUZZ_SEED ?? 20260101);
  ctx.log(`fuzzing: ${requests} requests, seed ${seed}…`);
  const f = await fuzz({ baseURL: base, requests, seed, concurrency: 20, timeLimitMs: 20 * 60_000, localAddress: FUZZ_FROM });
  ctx.log(`fuzz: ${f.requests} in ${f.seconds} s; ${JSON.stringify(f.statuses)}`);
  for (const e of f.findings.serverErrors.slice(0, 5)) ctx.log(`5xx: ${e.request.slice(0, 400)}`);
  for (const e of f.findings.stackTraces.slice(0, 5)) ctx.log(`stack trace: ${e.request.slice(0, 300)} → ${e.answer.slice(0, 300)}`);
  return { f, requests, seed };
}

async function aliveAfterFuzz(ctx: BenchContext): Promise<boolean> {
  let processAlive = true;
  try {
    processAlive = ctx.serverRss() > 0;
  } catch {
    processAlive = false; // /proc/<pid> is gone
  }
  return processAlive && (await stillAnswering(ctx.baseURL));
}

async function oversizeStatuses(base: string): Promise<{ api: number; page: number }> {
  const big = "a".repeat(1_000_000);
  const oversize = {
    api: (
      await requestFrom(base, PROBE_FROM, {
        method: "POST",
        path: "/back/api/user/contact-admin",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `message=${big}`,
      })
    ).status,
    page: (
      await requestFrom(base, PROBE_FROM, {
        method: "POST",
        path: "/contact",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `message=${big}`,
      })
    ).status,
  };
  return oversize;
}

// The workspace's attacks of the outside probe (issue: security findings), each a budget below.
async function workspaceAttacks(ctx: BenchContext) {
  const base = ctx.baseURL;
  const host = await hostPoisoning(base, HOST_FROM);
  const throttle = await signInThrottle(base, SIGN_IN_FROM);
  const respelt = await respeltWorkspacePaths(base);
  const database = join(ctx.scratchDir, "site.sqlite");
  const replay = await codeReplay(base, database, CODE_FROM);
  const reauth = await reauthenticationGuessing(base, database, REAUTH_FROM);
  const schemes = await unsafeSchemes(database);
  ctx.log(`host: ${host.results.map((r) => `${r.kind} ${r.foreignStatus}${r.leaked ? " LEAKED" : ""}`).join(", ")}`);
  ctx.log(`sign-in throttle: ${throttle.statuses.join(" ")}, Retry-After ${throttle.retryAfter}`);
  ctx.log(`respelt workspace paths: ${respelt.results.map((r) => `${r.path} ${r.status} ${r.cacheControl}`).join(", ")}`);
  ctx.log(`code replay: first ${replay.first}, again ${replay.replay}`);
  ctx.log(
    `re-authentication: ${reauth.statuses.join(" ")}, then the right password ${reauth.rightPassword}, sign-in ${reauth.signInAfter}`,
  );
  ctx.log(`unsafe schemes: ${schemes.refused} of ${schemes.tried} refused`);
  return { host, throttle, respelt, replay, reauth, schemes };
}

function workspaceBudgets({ host, replay, reauth, schemes, respelt, throttle }: Awaited<ReturnType<typeof workspaceAttacks>>): Budget[] {
  return [
    {
      name: "foreign Host: refused before the cache, next visitor's answers clean",
      limit: "5 of 5 kinds",
      value: `${host.results.filter((r) => !r.leaked && r.foreignStatus === 421).length} of ${host.results.length}`,
      pass: host.ok,
      note: host.ok ? undefined : host.results.map((r) => `${r.kind}: ${r.foreignStatus}${r.leaked ? ", leaked" : ""}`).join("; "),
    },
    {
      name: "two-step code replayed",
      limit: "first 303, again 401",
      value: `first ${replay.first}, again ${replay.replay}`,
      pass: replay.ok,
    },
    {
      name: "password guessed again while signed in",
      limit: "429 + Retry-After, sign-in held too",
      value: `${reauth.statuses.join(" ")}; right password ${reauth.rightPassword}, Retry-After ${reauth.retryAfter ?? "missing"}; sign-in ${reauth.signInAfter}`,
      pass: reauth.ok,
    },
    {
      name: "unsafe link schemes saved (javascript:, data:, vbscript:, file:)",
      limit: "all refused",
      value: `${schemes.refused} of ${schemes.tried} refused`,
      pass: schemes.ok,
    },
    {
      name: "workspace paths in other cases",
      limit: "guarded, no-store",
      value: respelt.results.map((r) => `${r.path} ${r.status}`).join(", "),
      pass: respelt.ok,
    },
    {
      name: "sign-in refused for too many attempts carries Retry-After",
      limit: "429 + Retry-After",
      value: `${throttle.statuses.at(-1)}, Retry-After ${throttle.retryAfter ?? "missing"}`,
      pass: throttle.statuses.at(-1) === 429 && throttle.retryAfter !== null,
    },
  ];
}

/** Everything the part found, for its budgets and its figures. */
type Findings = {
  targets: { label: string; path: string; page?: boolean }[];
  reports: ObservatoryReport[];
  f: FuzzReport;
  requests: number;
  seed: number;
  rate: RateLimitResult;
  alive: boolean;
  oversize: { api: number; page: number };
  head: Awaited<ReturnType<typeof headThenGet>>;
  afterHead: ObservatoryReport | null;
  workspace: Awaited<ReturnType<typeof workspaceAttacks>>;
};

function budgetsOf({ targets, reports, f, requests, rate, alive, head, afterHead }: Findings, workspace: Budget[]): Budget[] {
  const pages = reports.filter((_, i) => targets[i].page);
  return [
    ...pages.map((r, i) => ({
      name: `Observatory grade, ${targets[i].label}`,
      limit: "A+",
      value: `${r.grade} (${r.score})`,
      pass: r.grade === "A+",
      note:
        r.grade === "A+"
          ? undefined
          : r.tests
              .filter((t) => t.pass === false)
              .map((t) => t.result)
              .join(", "),
    })),
    {
      name: "fuzz 5xx answers",
      limit: "0",
      value: f.serverErrors,
      pass: f.serverErrors === 0 && f.requests === requests,
      note: f.serverErrors ? Object.keys(f.serverErrorsBy).join("; ") : f.requests < requests ? "fuzz stopped early" : undefined,
    },
    { name: "fuzz stack traces in answers", limit: "0", value: f.stackTraces, pass: f.stackTraces === 0 },
    { name: "server alive and answering after the fuzz", limit: "yes", value: alive ? "yes" : "no", pass: alive },
    {
      name: "contact rate limit answers 429 with Retry-After",
      limit: "429 + Retry-After",
      value: rate.limitedAt ? `429 after ${rate.accepted}, Retry-After ${rate.retryAfter ?? "missing"}` : "never limited",
      pass: rate.limitedAt !== null && rate.retryAfter !== null,
    },
    {
      name: "a page's GET after a HEAD keeps body and CSP hashes",
      limit: "unchanged",
      value: head.ok ? "unchanged" : `empty body, grade ${afterHead?.grade} (${afterHead?.score})`,
      pass: head.ok,
      note: head.ok ? undefined : `HEAD ${head.path} stores an empty page in the page cache`,
    },
    ...workspace,
  ];
}

function figuresOf({ targets, reports, f, seed, rate, alive, oversize, head, afterHead, workspace }: Findings) {
  const { host, throttle, respelt, replay, reauth, schemes } = workspace;
  return {
    observatory: Object.fromEntries(
      targets.map((t, i) => [
        t.label,
        {
          path: t.path,
          score: reports[i].score,
          grade: reports[i].grade,
          tests: Object.fromEntries(reports[i].tests.map((x) => [x.name, `${x.result} (${x.modifier})`])),
        },
      ]),
    ),
    fuzz: {
      seed,
      requests: f.requests,
      seconds: f.seconds,
      concurrency: 20,
      endpoints: Object.keys(f.byTarget).length,
      byEndpoint: f.byTarget,
      statuses: f.statuses,
      serverErrors: f.serverErrors,
      serverErrorsBy: f.serverErrorsBy,
      stackTraces: f.stackTraces,
      fileLeaks: f.fileLeaks,
      timeouts: f.timeouts,
      networkErrors: f.networkErrors,
      retriedResets: f.retriedResets,
      firstServerErrors: f.findings.serverErrors.slice(0, 3).map((e) => e.request.slice(0, 300)),
    },
    aliveAfterFuzz: alive,
    contactRateLimit: rate,
    oversizeBodyStatus: oversize,
    headThenGet: { ...head, gradeAfterHead: afterHead ? `${afterHead.grade} (${afterHead.score})` : undefined },
    foreignHost: host.results,
    signInThrottle: throttle,
    respeltWorkspacePaths: respelt.results,
    codeReplay: replay,
    reauthentication: reauth,
    unsafeSchemes: schemes,
  };
}

export const security: BenchPart = async (ctx) => {
  const base = ctx.baseURL;
  const targets = await observatoryTargets(base);
  const reports = await scoreHeaders(ctx, targets);

  const rate = await contactRateLimit(base, RATE_LIMIT_FROM);
  ctx.log(`contact rate limit: ${rate.statuses.join(" ")}; Retry-After ${rate.retryAfter}`);

  const { f, requests, seed } = await fuzzFromOneClient(ctx);
  const alive = await aliveAfterFuzz(ctx);
  const oversize = await oversizeStatuses(base);
  const head = await headThenGet(base);
  const afterHead = head.ok ? null : await observe(base + head.path);

  const workspace = await workspaceAttacks(ctx);
  const workspaceChecks = workspaceBudgets(workspace);
  const found: Findings = { targets, reports, f, requests, seed, rate, alive, oversize, head, afterHead, workspace };
  return {
    part: "security",
    figures: figuresOf(found),
    budgets: budgetsOf(found, workspaceChecks),
    markdown: markdown(targets, reports, f, seed, rate, head, oversize, alive, workspaceChecks),
  };
};
