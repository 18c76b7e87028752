// Published events: written with the rest of the public content (write-content.ts), read by the events pages,
// the calendar feeds, a city's and a place's pages and the API. Events are few beside places (a few hundred
// a year at most), so a read takes every event of its filter and the domain picks their dates.
import type { Db } from "../engine.ts";
import { inBatches } from "./batches.ts";
import { tr } from "./translations.ts";

/** A published event with the names of its city and place in one language, and where the place is. */
export type EventRow = {
  slug: string;
  body: string;
  sequence: number;
  updated_at: string;
  /** JSON: its photograph (src, size, details, texts by language), or null. */
  picture: string | null;
  city_id: number;
  city_slug: string;
  city_name: string;
  place_id: number | null;
  place_category_id: number | null;
  place_name: string | null;
  lat: number | null;
  lng: number | null;
};
/** `city`: a city's slug (the events page's filter), `cityId` its id (the city's page). */
export type EventFilter = { city?: string; cityId?: number; placeId?: number; slug?: string; kind?: string };
type EventWrite = {
  slug: string;
  position: number;
  city_id: number;
  place_id: number | null;
  kind: string;
  body: unknown;
  /** Its photograph as a media row holds one, or null. */
  picture: unknown;
};

export function eventsRepository(db: Db) {
  return {
    async list(language: string, filter: EventFilter = {}): Promise<EventRow[]> {
      let q = db
        .selectFrom("events as e")
        .innerJoin("cities as c", "c.id", "e.city_id")
        .innerJoin("city_translations as te", (j) => j.onRef("te.city_id", "=", "c.id").on("te.language", "=", "en"))
        .leftJoin("city_translations as tl", (j) => j.onRef("tl.city_id", "=", "c.id").on("tl.language", "=", language))
        .leftJoin("places as p", "p.id", "e.place_id")
        .leftJoin("place_translations as pe", (j) => j.onRef("pe.place_id", "=", "p.id").on("pe.language", "=", "en"))
        .leftJoin("place_translations as pl", (j) => j.onRef("pl.place_id", "=", "p.id").on("pl.language", "=", language))
        .select([
          "e.slug",
          "e.body",
          "e.sequence",
          "e.updated_at",
          "e.picture",
          "e.city_id",
          "c.slug as city_slug",
          tr("name").as("city_name"),
          "p.id as place_id",
          "p.category_id as place_category_id",
          tr("name", "pl", "pe").as("place_name"),
          "p.lat",
          "p.lng",
        ])
        .orderBy("e.position");
      if (filter.city !== undefined) q = q.where("c.slug", "=", filter.city);
      if (filter.cityId !== undefined) q = q.where("e.city_id", "=", filter.cityId);
      if (filter.placeId !== undefined) q = q.where("e.place_id", "=", filter.placeId);
      if (filter.slug !== undefined) q = q.where("e.slug", "=", filter.slug);
      if (filter.kind !== undefined) q = q.where("e.kind", "=", filter.kind);
      return (await q.execute()).map((r) => ({ ...r, place_name: r.place_id === null ? null : r.place_name }));
    },

    /** The ids of the public places of these slugs (an event's place is written by its id). */
    async placeIds(slugs: string[]): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (const batch of inBatches([...new Set(slugs)]))
        for (const p of await db.selectFrom("places").select(["id", "slug"]).where("slug", "in", batch).execute()) ids.set(p.slug, p.id);
      return ids;
    },

    /**
     * Writes every event: a new or changed one is upserted, its SEQUENCE raised when its document changed (a
     * calendar that has it replaces its copy; its photograph's new variants alone say nothing new to a
     * calendar), an unchanged one is left alone, and one no longer there is deleted. Answers how many rows
     * changed and how many were deleted.
     */
    async replace(events: EventWrite[], stamp: string): Promise<{ changed: number; deleted: number }> {
      const stored = new Map(
        (
          await db.selectFrom("events").select(["slug", "position", "city_id", "place_id", "kind", "body", "picture", "sequence"]).execute()
        ).map((r) => [r.slug, r]),
      );
      let changed = 0;
      for (const e of events) {
        const row = {
          ...e,
          body: JSON.stringify(e.body),
          picture: e.picture === null ? null : JSON.stringify(e.picture),
          updated_at: stamp,
        };
        const was = stored.get(e.slug);
        stored.delete(e.slug);
        if (!was) {
          await db.insertInto("events").values(row).execute();
          changed++;
        } else if (
          was.body !== row.body ||
          was.picture !== row.picture ||
          was.position !== e.position ||
          was.city_id !== e.city_id ||
          was.place_id !== e.place_id
        ) {
          await db
            .updateTable("events")
            .set({ ...row, sequence: was.body === row.body ? was.sequence : was.sequence + 1 })
            .where("slug", "=", e.slug)
            .execute();
          changed++;
        }
      }
      for (const batch of inBatches([...stored.keys()])) await db.deleteFrom("events").where("slug", "in", batch).execute();
      return { changed, deleted: stored.size };
    },
  };
}
export type EventsRepository = ReturnType<typeof eventsRepository>;
