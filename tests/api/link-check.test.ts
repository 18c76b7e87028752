// The link checker on both engines, against a server of its own on the loopback address (the one exception to
// its refusal of private addresses): a guide page's sources name a good link, a missing page, a chain of
// redirects, a page too slow to answer and a path the host's robots.txt forbids. Each is reported right, with
// the item and field that hold it; one host is asked one request at a time, apart; two instances never check
// at once; an editor marks a false positive, and asks for a check; both are audited.
import { createServer, type Server } from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import { repositoryAccess } from "../../db/repositories/repositories.ts";
import { linkCheckService } from "../../domain/links/service.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };
const viewer: Editor = { id: "v1", email: "viewer@example.org", role: "viewer", languages: "" };
const GUIDE = "entry-and-visas";
const INTERVAL_MS = 120;

let server: Server;
let base: string;
const asked: Array<{ path: string; at: number }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push({ path: req.url ?? "", at: performance.now() });
    if (req.url === "/good") return res.writeHead(200).end();
    if (req.url === "/robots.txt") return res.writeHead(200).end("User-agent: *\nDisallow: /private-area\n");
    if (req.url === "/moved") return res.writeHead(301, { location: "/moved-again" }).end();
    if (req.url === "/moved-again") return res.writeHead(308, { location: "/good" }).end();
    if (req.url === "/slow") return void setTimeout(() => res.writeHead(200).end(), 3000).unref();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // Content links name a domain: the test's own (.test is reserved for testing), resolved to its server.
  base = `http://links.test:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Resolves every name to the test's server on the loopback address. */
const toLoopback = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
  options.all ? callback(null, [{ address: "127.0.0.1", family: 4 }]) : callback(null, "127.0.0.1", 4)) as unknown as LookupFunction;
const SOURCE_NAME = {
  en: "Official source",
  ar: "مصدر رسمي",
  fr: "Source officielle",
  es: "Fuente oficial",
  it: "Fonte ufficiale",
  tr: "Resmî kaynak",
  zh: "官方来源",
};

describe.each(ENGINES)("the link checker on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let clock = new Date("2026-11-27T08:00:00Z");
  const checker = () =>
    linkCheckService({
      ...repositoryAccess(t.database.db),
      mode: "daily",
      now: () => clock,
      options: { allowPrivate: true, lookup: toLoopback, timeoutMs: 400, hostIntervalMs: INTERVAL_MS, hosts: 4 },
    });
  const auditOf = async (action: string) =>
    (await t.domain.workspace.audit({ limit: 100, offset: 0 })).filter((e) => e.action === action).map((e) => [e.actorEmail, e.target]);

  beforeAll(async () => {
    t = await testApp(engine);
    const item = await t.domain.editing.item(editor, "guide", GUIDE);
    const sources = ["good", "missing", "moved", "slow", "private-area/page"].map((path) => ({
      name: SOURCE_NAME,
      url: `${base}/${path}`,
    }));
    const revision = await t.domain.editing.save(editor, "guide", GUIDE, item.revision, { ...(item.draft as object), sources });
    await t.domain.editing.publish(editor, "guide", GUIDE, revision);
  });
  afterAll(() => t.close());

  it("reports each problem link with its item and field, asking one host a request at a time", async () => {
    asked.length = 0;
    expect(await checker().run(null)).toBe("done");
    const report = await checker().report(viewer, { page: 1, falsePositives: false });
    const ours = report.items
      .filter((l) => l.url.startsWith(base))
      .map((l) => [l.url.slice(base.length), l.outcome, l.status, l.finalUrl, l.item, l.field]);
    expect(ours).toEqual([
      ["/missing", "broken", 404, null, `guide/${GUIDE}`, "sources.2"],
      ["/moved", "redirected", 200, `${base}/good`, `guide/${GUIDE}`, "sources.3"],
      ["/private-area/page", "robots", null, null, `guide/${GUIDE}`, "sources.5"],
      ["/slow", "timeout", null, null, `guide/${GUIDE}`, "sources.4"],
    ]);
    // The good link is checked, and not listed.
    expect(asked.some((a) => a.path === "/good")).toBe(true);
    expect(report.items.some((l) => l.url === `${base}/good`)).toBe(false);
    // robots.txt first; the forbidden path never asked; the host's requests apart (redirect hops follow at once).
    expect(asked[0]!.path).toBe("/robots.txt");
    expect(asked.some((a) => a.path.startsWith("/private-area"))).toBe(false);
    const firsts = asked.filter(
      (a) => !a.path.endsWith("-again") && !(a.path === "/good" && asked[asked.indexOf(a) - 1]?.path === "/moved-again"),
    );
    for (let i = 1; i < firsts.length; i++) expect(firsts[i]!.at - firsts[i - 1]!.at).toBeGreaterThanOrEqual(INTERVAL_MS - 10);
    expect(report.lastRun).toMatchObject({ startedBy: null, links: expect.any(Number) });
    expect(report.lastRun!.finishedAt).not.toBeNull();
    expect(report.outcomes).toMatchObject({ broken: expect.any(Number), redirected: 1, timeout: 1, robots: 1 });
  });

  it("never lets two instances check at once", async () => {
    const [a, b] = await Promise.all([checker().run(null), checker().run(null)]);
    expect([a, b].sort()).toEqual(["busy", "done"]);
    // The lease is given back at the end: the next run goes ahead.
    expect(await checker().run(null)).toBe("done");
  });

  it("runs daily only when a day has passed since the last run", async () => {
    expect(await checker().run(null, { daily: true })).toBe("not-due");
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000);
    expect(await checker().run(null, { daily: true })).toBe("done");
  });

  it("lets an editor mark a false positive, which stays marked through the next run, and audits it", async () => {
    const missing = `${base}/missing`;
    await expect(checker().markFalsePositive(viewer, missing, true)).rejects.toMatchObject({ code: "forbidden" });
    await expect(checker().markFalsePositive(editor, `${base}/never-checked`, true)).rejects.toMatchObject({ code: "not-found" });
    await checker().markFalsePositive(editor, missing, true);
    await checker().run(null);
    const problems = await checker().report(viewer, { page: 1, falsePositives: false });
    expect(problems.items.some((l) => l.url === missing)).toBe(false);
    const marked = await checker().report(viewer, { page: 1, falsePositives: true });
    expect(marked.items.map((l) => [l.url, l.falsePositiveBy])).toEqual([[missing, editor.email]]);
    await checker().markFalsePositive(editor, missing, false);
    expect((await checker().report(viewer, { page: 1, falsePositives: false })).items.some((l) => l.url === missing)).toBe(true);
    expect(await auditOf("links.false-positive")).toEqual([
      [editor.email, missing],
      [editor.email, missing],
    ]);
  });

  it("starts a check when an editor asks, once at a time, and never when the checker is off", async () => {
    await expect(checker().start(viewer)).rejects.toMatchObject({ code: "forbidden" });
    const off = linkCheckService({ ...repositoryAccess(t.database.db), mode: "off" });
    expect(await off.start(editor)).toBe("off");
    const service = checker();
    expect(await service.start(editor)).toBe("started");
    // The run holds the lease while it asks the links: once it is seen running, a second start is refused.
    await vi.waitFor(async () => expect((await service.report(viewer, { page: 1, falsePositives: false })).running).toBe(true));
    expect(await service.start(editor)).toBe("busy");
    for (let i = 0; i < 100 && (await service.report(viewer, { page: 1, falsePositives: false })).running; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const report = await service.report(viewer, { page: 1, falsePositives: false });
    expect(report.running).toBe(false);
    expect(report.lastRun).toMatchObject({ startedBy: editor.email });
    expect(await auditOf("links.check")).toEqual([[editor.email, "links"]]);
  });
});
