// The link checker (decision 030): every external link of the published content asked whether it still
// answers, once a day in one instance only (a lease in the database), or when an editor asks. Hosts are asked
// politely: one request at a time per host, a few seconds apart, after reading its robots.txt, whose
// disallowed paths are not asked. Editors read the broken and redirected links with the item and field that
// hold them, and mark a known false positive (a site that refuses robots but works in a browser).
import { randomUUID } from "node:crypto";
import robotsParser from "robots-parser";
import type { LinkUse } from "../../db/repositories/links.ts";
import type { RepositoryAccess } from "../../db/repositories/repositories.ts";
import { EditingError, type Editor, needPermission } from "../content/editing.ts";
import { repeatEvery } from "../repeat.ts";
import { auditEntry } from "../workspace/audit-actions.ts";
import { can } from "../workspace/roles.ts";
import { LINKED_TYPES, linksOf } from "./extract.ts";
import { type Probe, probe, type ProbeOptions, robotsText } from "./probe.ts";

/** off: never (development, tests); daily: once a day, and when an editor asks. */
export type LinkCheckMode = "off" | "daily";
const LINK_LEASE = "link-check";
/** How long a run holds the lease before it must renew it (each link renews it): a dead instance's lapses. */
const LEASE_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How often an instance looks whether a day has passed since the last run. */
const LOOK_EVERY_MS = 60 * 60 * 1000;
const LINKS_PAGE_SIZE = 50;
/** Published items read at a time while the links are gathered. */
const READ_BATCH = 200;

type LinkCheckOptions = {
  timeoutMs: number;
  /** Time between two requests to the same host. */
  hostIntervalMs: number;
  /** Hosts asked at the same time. */
  hosts: number;
} & Pick<ProbeOptions, "allowPrivate" | "lookup">;
const DEFAULT_CHECK_OPTIONS: LinkCheckOptions = { timeoutMs: 10_000, hostIntervalMs: 5_000, hosts: 4 };
const USER_AGENT = "SyriaTourismLinkChecker/1.0";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Links of one host, asked one at a time, `intervalMs` apart, the robots.txt first. */
async function checkHost(links: string[], o: LinkCheckOptions, done: (url: string, result: Probe) => Promise<void>) {
  const probeOptions: ProbeOptions = { timeoutMs: o.timeoutMs, userAgent: USER_AGENT, allowPrivate: o.allowPrivate, lookup: o.lookup };
  // Links that are no URL at all (the schemas let none through; an old row might) are broken, and ask nobody.
  if (!URL.canParse(links[0])) {
    for (const url of links) await done(url, { outcome: "broken", status: null, finalUrl: null, redirects: 0 });
    return;
  }
  const origin = new URL(links[0]).origin;
  const robots = robotsParser(`${origin}/robots.txt`, await robotsText(origin, probeOptions));
  for (const url of links) {
    await sleep(o.hostIntervalMs);
    const result =
      robots.isDisallowed(url, USER_AGENT) === true
        ? ({ outcome: "robots", status: null, finalUrl: null, redirects: 0 } as const)
        : await probe(url, probeOptions);
    await done(url, result);
  }
}

/** The links grouped by host, each host's in order; links that are no URL at all are grouped apart. */
function byHost(urls: string[]): string[][] {
  const hosts = new Map<string, string[]>();
  for (const url of urls) {
    let host: string;
    try {
      host = new URL(url).origin;
    } catch {
      host = "";
    }
    hosts.set(host, [...(hosts.get(host) ?? []), url]);
  }
  return [...hosts.values()];
}

export function linkCheckService(
  d: RepositoryAccess & {
    mode: LinkCheckMode;
    options?: Partial<LinkCheckOptions>;
    now?: () => Date;
    onError?: (error: unknown) => void;
  },
) {
  const now = d.now ?? (() => new Date());
  const options = { ...DEFAULT_CHECK_OPTIONS, ...d.options };
  const { links, leases, documents, audit } = d.repos;
  const later = (ms: number) => new Date(now().getTime() + ms).toISOString();

  /** Every link of the published content, with where it is used. */
  async function gather(): Promise<LinkUse[]> {
    const uses: LinkUse[] = [];
    for (const type of LINKED_TYPES) {
      for (let after = ""; ; ) {
        const page = await documents.publishedPage(type, after, READ_BATCH);
        for (const item of page) uses.push(...linksOf(type, item.slug, item.body));
        const last = page.at(-1);
        if (!last || page.length < READ_BATCH) break;
        after = last.slug;
      }
    }
    return uses;
  }

  /** Whether a day has passed since the last run that went to its end. */
  async function due(): Promise<boolean> {
    const last = await links.lastFinishedAt();
    return !last || now().getTime() - Date.parse(last) >= DAY_MS;
  }

  /**
   * One whole run under the lease; "busy" when another instance (or this one) is running. `daily`: only when a
   * day has passed since the last, looked at under the lease, so two instances that looked at once run once.
   */
  async function run(by: Editor | null, { daily = false } = {}): Promise<"done" | "busy" | "not-due"> {
    const holder = randomUUID();
    if (!(await leases.acquire(LINK_LEASE, holder, now().toISOString(), later(LEASE_MS)))) return "busy";
    try {
      if (daily && !(await due())) return "not-due";
      const id = await links.startRun(now().toISOString(), by?.email ?? null);
      const uses = await gather();
      await d.transact((tx) => tx.links.replaceUses(uses));
      const urls = [...new Set(uses.map((u) => u.url))];
      const hosts = byHost(urls);
      let next = 0;
      const worker = async () => {
        for (let host = hosts[next++]; host; host = hosts[next++])
          await checkHost(host, options, async (url, result) => {
            await links.record({ url, ...result, checkedAt: now().toISOString() });
            // Still this run's: a run slower than the lease keeps it.
            await leases.acquire(LINK_LEASE, holder, now().toISOString(), later(LEASE_MS));
          });
      };
      await Promise.all(Array.from({ length: Math.min(options.hosts, hosts.length) }, worker));
      await links.finishRun(id, now().toISOString(), urls.length);
      return "done";
    } finally {
      await leases.release(LINK_LEASE, holder);
    }
  }

  return {
    mode: d.mode,
    run,

    /** An editor's "check now": the run goes on in the background; audited. */
    async start(editor: Editor): Promise<"started" | "busy" | "off"> {
      needPermission(editor, "content.edit");
      if (d.mode === "off") return "off";
      if (await leases.held(LINK_LEASE, now().toISOString())) return "busy";
      await audit.append(auditEntry(now(), editor, "links.check", "links", null, null));
      run(editor).catch((error: unknown) => d.onError?.(error));
      return "started";
    },

    /** The report: a page of the problem links' uses (or of the false positives), the counts and the last run. */
    async report(editor: Editor, { page, falsePositives }: { page: number; falsePositives: boolean }) {
      if (!can(editor.role, "content.read")) throw new EditingError("forbidden");
      const [found, outcomes, lastRun, running] = await Promise.all([
        links.report(falsePositives, page, LINKS_PAGE_SIZE),
        links.outcomes(),
        links.lastRun(),
        leases.held(LINK_LEASE, now().toISOString()),
      ]);
      return { ...found, pages: Math.max(1, Math.ceil(found.total / LINKS_PAGE_SIZE)), outcomes, lastRun, running, mode: d.mode };
    },

    /** Marks a checked link as a known false positive, or clears the mark; audited. */
    async markFalsePositive(editor: Editor, url: string, falsePositive: boolean): Promise<void> {
      needPermission(editor, "content.edit");
      const at = now();
      await d.transact(async (tx) => {
        const marked = await tx.links.markFalsePositive(url, falsePositive ? editor.email : null, falsePositive ? at.toISOString() : null);
        if (!marked) throw new EditingError("not-found");
        await tx.audit.append(auditEntry(at, editor, "links.false-positive", url, null, { falsePositive }));
      });
    },

    /** In daily mode: looks every hour whether a day has passed since the last finished run, and runs then. */
    startDaily(onError: (error: unknown) => void): () => void {
      if (d.mode !== "daily") return () => {};
      return repeatEvery(LOOK_EVERY_MS, () => run(null, { daily: true }), onError);
    },
  };
}
export type LinkCheckService = ReturnType<typeof linkCheckService>;
