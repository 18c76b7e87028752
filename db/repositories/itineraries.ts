// Published itineraries: written with the rest of the public content (write-content.ts), read by the
// itineraries pages with the places their stops name. Routes are few (a few dozen), each of a few dozen
// stops at most, so a read takes them whole.
import type { Db } from "../engine.ts";
import { inBatches } from "./batches.ts";
import { tr } from "./translations.ts";

/** A published place an itinerary stops at, with its name and its city's in one language. */
export type StopPlaceRow = {
  id: number;
  slug: string;
  category_id: number;
  city_id: number;
  lat: number;
  lng: number;
  /** JSON: its status, practical facts and safety note (domain/content/facts.ts). */
  facts: string;
  name: string;
  city_name: string;
};
type ItineraryWrite = { slug: string; position: number; body: unknown };

export function itinerariesRepository(db: Db) {
  return {
    /** Every published itinerary's document (JSON), in the order the content gives them. */
    async list(): Promise<Array<{ slug: string; body: string }>> {
      return db.selectFrom("itineraries").select(["slug", "body"]).orderBy("position").execute();
    },

    async one(slug: string): Promise<{ slug: string; body: string } | undefined> {
      return db.selectFrom("itineraries").select(["slug", "body"]).where("slug", "=", slug).executeTakeFirst();
    },

    /** The published places of these slugs (a stop whose place is gone has none). */
    async places(language: string, slugs: string[]): Promise<StopPlaceRow[]> {
      const rows: StopPlaceRow[] = [];
      for (const batch of inBatches([...new Set(slugs)]))
        rows.push(
          ...(await db
            .selectFrom("places as p")
            .innerJoin("place_translations as pe", (j) => j.onRef("pe.place_id", "=", "p.id").on("pe.language", "=", "en"))
            .leftJoin("place_translations as pl", (j) => j.onRef("pl.place_id", "=", "p.id").on("pl.language", "=", language))
            .innerJoin("city_translations as ce", (j) => j.onRef("ce.city_id", "=", "p.city_id").on("ce.language", "=", "en"))
            .leftJoin("city_translations as cl", (j) => j.onRef("cl.city_id", "=", "p.city_id").on("cl.language", "=", language))
            .select(["p.id", "p.slug", "p.category_id", "p.city_id", "p.lat", "p.lng", "p.facts", tr("name", "pl", "pe").as("name")])
            .select(tr("name", "cl", "ce").as("city_name"))
            .where("p.slug", "in", batch)
            .execute()),
        );
      return rows;
    },

    /** The itineraries as published now: changed ones written, gone ones deleted. */
    async replace(itineraries: ItineraryWrite[], stamp: string): Promise<{ changed: number; deleted: number }> {
      const stored = new Map((await db.selectFrom("itineraries").select(["slug", "position", "body"]).execute()).map((r) => [r.slug, r]));
      let changed = 0;
      for (const it of itineraries) {
        const row = { slug: it.slug, position: it.position, body: JSON.stringify(it.body), updated_at: stamp };
        const was = stored.get(it.slug);
        stored.delete(it.slug);
        if (!was) await db.insertInto("itineraries").values(row).execute();
        else if (was.body !== row.body || was.position !== row.position)
          await db.updateTable("itineraries").set(row).where("slug", "=", it.slug).execute();
        else continue;
        changed++;
      }
      for (const batch of inBatches([...stored.keys()])) await db.deleteFrom("itineraries").where("slug", "in", batch).execute();
      return { changed, deleted: stored.size };
    },
  };
}
export type ItinerariesRepository = ReturnType<typeof itinerariesRepository>;
