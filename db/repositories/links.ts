// The link checker's records (migration 019): each external link's last result, where each is used, the
// checker's runs, and the leases by which one instance at a time does work meant to be done once.
import type { Db } from "../engine.ts";
import { inBatches } from "./batches.ts";

export type LinkUse = { url: string; item: string; field: string };
type LinkResult = {
  url: string;
  outcome: string;
  status: number | null;
  finalUrl: string | null;
  redirects: number;
  checkedAt: string;
};
type ReportedLink = LinkUse &
  Omit<LinkResult, "url"> & {
    falsePositiveBy: string | null;
    falsePositiveAt: string | null;
  };
type LinkRun = { id: number; startedAt: string; finishedAt: string | null; startedBy: string | null; links: number };

/** One instance at a time: a named lease, held until it expires unless its holder gives it back or renews it. */
export function leasesRepository(db: Db) {
  return {
    /** Takes the lease when it is free or expired (or already this holder's), until `until`; whether it is held now. */
    async acquire(name: string, holder: string, now: string, until: string): Promise<boolean> {
      await db
        .insertInto("leases")
        .values({ name, holder, expires_at: until })
        .onConflict((oc) =>
          oc
            .column("name")
            .doUpdateSet({ holder, expires_at: until })
            .where((eb) => eb.or([eb("leases.expires_at", "<=", now), eb("leases.holder", "=", holder)])),
        )
        .execute();
      const row = await db.selectFrom("leases").select("holder").where("name", "=", name).executeTakeFirst();
      return row?.holder === holder;
    },
    async release(name: string, holder: string): Promise<void> {
      await db.deleteFrom("leases").where("name", "=", name).where("holder", "=", holder).execute();
    },
    /** Whether someone holds the lease now. */
    async held(name: string, now: string): Promise<boolean> {
      const row = await db.selectFrom("leases").select("holder").where("name", "=", name).where("expires_at", ">", now).executeTakeFirst();
      return row !== undefined;
    },
  };
}

export function linksRepository(db: Db) {
  /** The uses of links whose last result is a problem: broken, redirected, unreachable… (never `ok`). */
  const problems = (falsePositives: boolean) =>
    db
      .selectFrom("link_uses as u")
      .innerJoin("link_checks as c", "c.url", "u.url")
      .where("c.outcome", "!=", "ok")
      .where("c.false_positive_by", falsePositives ? "is not" : "is", null);
  return {
    /** Where every link is used now: what was there before is replaced, in one transaction (call it in one). */
    async replaceUses(uses: LinkUse[]): Promise<void> {
      await db.deleteFrom("link_uses").execute();
      for (const batch of inBatches(uses))
        await db
          .insertInto("link_uses")
          .values(batch)
          .onConflict((oc) => oc.doNothing())
          .execute();
      // Results of links no longer used anywhere are not kept.
      await db.deleteFrom("link_checks").where("url", "not in", db.selectFrom("link_uses").select("url")).execute();
    },
    /** A link's result; an editor's mark of a false positive stays. */
    async record(r: LinkResult): Promise<void> {
      const values = { outcome: r.outcome, status: r.status, final_url: r.finalUrl, redirects: r.redirects, checked_at: r.checkedAt };
      await db
        .insertInto("link_checks")
        .values({ url: r.url, ...values })
        .onConflict((oc) => oc.column("url").doUpdateSet(values))
        .execute();
    },
    /** One page of the uses of problem links (or of those marked false positives), and how many there are. */
    async report(falsePositives: boolean, page: number, perPage: number): Promise<{ items: ReportedLink[]; total: number }> {
      const count = await problems(falsePositives)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst();
      const rows = await problems(falsePositives)
        .select([
          "u.url",
          "u.item",
          "u.field",
          "c.outcome",
          "c.status",
          "c.final_url",
          "c.redirects",
          "c.checked_at",
          "c.false_positive_by",
          "c.false_positive_at",
        ])
        .orderBy("c.outcome")
        .orderBy("u.url")
        .orderBy("u.item")
        .orderBy("u.field")
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      return {
        total: Number(count?.n ?? 0),
        items: rows.map((r) => ({
          url: r.url,
          item: r.item,
          field: r.field,
          outcome: r.outcome,
          status: r.status === null ? null : Number(r.status),
          finalUrl: r.final_url,
          redirects: Number(r.redirects),
          checkedAt: r.checked_at,
          falsePositiveBy: r.false_positive_by,
          falsePositiveAt: r.false_positive_at,
        })),
      };
    },
    /** How many distinct links each outcome has (false positives apart). */
    async outcomes(): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom("link_checks")
        .select(["outcome", (eb) => eb.fn.countAll<number>().as("n")])
        .where("false_positive_by", "is", null)
        .groupBy("outcome")
        .execute();
      return Object.fromEntries(rows.map((r) => [r.outcome, Number(r.n)]));
    },
    /** Marks a checked link as a known false positive (or clears the mark); false when no such link was checked. */
    async markFalsePositive(url: string, by: string | null, at: string | null): Promise<boolean> {
      const result = await db
        .updateTable("link_checks")
        .set({ false_positive_by: by, false_positive_at: at })
        .where("url", "=", url)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async startRun(at: string, by: string | null): Promise<number> {
      const row = await db
        .insertInto("link_check_runs")
        .values({ started_at: at, started_by: by, links: 0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async finishRun(id: number, at: string, links: number): Promise<void> {
      await db.updateTable("link_check_runs").set({ finished_at: at, links }).where("id", "=", id).execute();
    },
    /** The latest run, finished or not. */
    async lastRun(): Promise<LinkRun | undefined> {
      const r = await db.selectFrom("link_check_runs").selectAll().orderBy("id", "desc").limit(1).executeTakeFirst();
      return r && { id: Number(r.id), startedAt: r.started_at, finishedAt: r.finished_at, startedBy: r.started_by, links: Number(r.links) };
    },
    /** When the last run that went to its end finished. */
    async lastFinishedAt(): Promise<string | undefined> {
      const r = await db
        .selectFrom("link_check_runs")
        .select("finished_at")
        .where("finished_at", "is not", null)
        .orderBy("finished_at", "desc")
        .limit(1)
        .executeTakeFirst();
      return r?.finished_at ?? undefined;
    },
  };
}
