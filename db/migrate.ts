// Runs the migrations in db/migrations once each, in order, on either engine.
import { sql } from "kysely";
import type { DatabaseHandle } from "./engine.ts";
import * as initial from "./migrations/001-initial.ts";
import * as workspace from "./migrations/002-workspace.ts";
import * as documents from "./migrations/003-content-documents.ts";
import * as inbox from "./migrations/004-inbox.ts";
import * as rateLimits from "./migrations/005-rate-limits.ts";
import * as travellerFacts from "./migrations/006-traveller-facts.ts";
import * as totpSteps from "./migrations/007-totp-steps.ts";
import * as documentTitles from "./migrations/008-document-titles.ts";
import * as searchChanges from "./migrations/009-search-changes.ts";
import * as mediaByFile from "./migrations/010-media-by-file.ts";
import * as mostPopularPlace from "./migrations/011-most-popular-place.ts";
import * as featuredPlaces from "./migrations/012-featured-places.ts";
import * as contentTrash from "./migrations/013-content-trash.ts";
import * as documentListColumns from "./migrations/014-document-list-columns.ts";
import * as translationWork from "./migrations/015-translation-work.ts";
import * as documentListIndex from "./migrations/016-document-list-index.ts";
import * as documentNames from "./migrations/017-document-names.ts";
import * as contentVersions from "./migrations/018-content-versions.ts";
import * as linkChecks from "./migrations/019-link-checks.ts";
import * as guideReviewDates from "./migrations/020-guide-review-dates.ts";
import * as factsChecked from "./migrations/021-facts-checked.ts";
import * as reviews from "./migrations/022-reviews.ts";
import * as visitCounts from "./migrations/023-visit-counts.ts";
import * as placeWikidata from "./migrations/024-place-wikidata.ts";
import * as events from "./migrations/025-events.ts";
import * as itineraries from "./migrations/026-itineraries.ts";
import * as placeListOrder from "./migrations/027-place-list-order.ts";
import * as placePopularityOrder from "./migrations/028-place-popularity-order.ts";
import * as versionChanges from "./migrations/029-version-changes.ts";

const MIGRATIONS = [
  { name: "001-initial", up: initial.up },
  { name: "002-workspace", up: workspace.up },
  { name: "003-content-documents", up: documents.up },
  { name: "004-inbox", up: inbox.up },
  { name: "005-rate-limits", up: rateLimits.up },
  { name: "006-traveller-facts", up: travellerFacts.up },
  { name: "007-totp-steps", up: totpSteps.up },
  { name: "008-document-titles", up: documentTitles.up },
  { name: "009-search-changes", up: searchChanges.up },
  { name: "010-media-by-file", up: mediaByFile.up },
  { name: "011-most-popular-place", up: mostPopularPlace.up },
  { name: "012-featured-places", up: featuredPlaces.up },
  { name: "013-content-trash", up: contentTrash.up },
  { name: "014-document-list-columns", up: documentListColumns.up },
  { name: "015-translation-work", up: translationWork.up },
  { name: "016-document-list-index", up: documentListIndex.up },
  { name: "017-document-names", up: documentNames.up },
  { name: "018-content-versions", up: contentVersions.up },
  { name: "019-link-checks", up: linkChecks.up },
  { name: "020-guide-review-dates", up: guideReviewDates.up },
  { name: "021-facts-checked", up: factsChecked.up },
  { name: "022-reviews", up: reviews.up },
  { name: "023-visit-counts", up: visitCounts.up },
  { name: "024-place-wikidata", up: placeWikidata.up },
  { name: "025-events", up: events.up },
  { name: "026-itineraries", up: itineraries.up },
  { name: "027-place-list-order", up: placeListOrder.up },
  { name: "028-place-popularity-order", up: placePopularityOrder.up },
  { name: "029-version-changes", up: versionChanges.up },
];

/** The PostgreSQL advisory lock one migrating instance holds, so that the others wait for it. */
export const MIGRATION_LOCK = 7226001;

export async function migrate({ db, engine }: DatabaseHandle): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction().execute(async (trx) => {
    // Several app instances may start together on one PostgreSQL: only one migrates at a time.
    if (engine === "postgres") await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await trx.schema
      .createTable("schema_migrations")
      .ifNotExists()
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("applied_at", "text", (c) => c.notNull())
      .execute();
    const done = new Set((await sql<{ name: string }>`select name from schema_migrations`.execute(trx)).rows.map((r) => r.name));
    for (const m of MIGRATIONS) {
      if (done.has(m.name)) continue;
      await m.up(trx, engine);
      await sql`insert into schema_migrations (name, applied_at) values (${m.name}, ${new Date().toISOString()})`.execute(trx);
      applied.push(m.name);
    }
  });
  return applied;
}
