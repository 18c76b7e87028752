// What the open datasets are made of (decision 032): the public tables' places, a batch at a time in id order,
// each with its texts in every language and its pictures; and the few cities and categories they name, whole.
import type { Db } from "../engine.ts";

export type OpenPlaceRow = {
  id: number;
  slug: string;
  kind: string;
  categoryId: number;
  cityId: number;
  governorate: string;
  unesco: boolean;
  wikidata: string | null;
  lat: number;
  lng: number;
  facts: string;
  updatedAt: string;
  /** Per language code: the place's name and summary (only the languages it has). */
  texts: Record<string, { name: string; summary: string }>;
  /** Its pictures in order: the file, and the media row's details (JSON: variants, credit). */
  pictures: Array<{ src: string; details: string; titles: Record<string, string> }>;
};
/** A city or a category: its slug and its name per language. */
export type NamedRow = { id: number; slug: string; names: Record<string, string> };

export function openDataRepository(db: Db) {
  /** Rows with their names per language (translation rows named by the row's id). */
  const named = (rows: Array<{ id: number; slug: string }>, names: Array<{ id: number; language: string; name: string }>): NamedRow[] => {
    const of = new Map<number, Record<string, string>>();
    for (const n of names) of.set(n.id, { ...of.get(n.id), [n.language]: n.name });
    return rows.map((r) => ({ id: r.id, slug: r.slug, names: of.get(r.id) ?? {} }));
  };
  return {
    /** The published places after `afterId`, at most `limit`, in id order. */
    async placesAfter(afterId: number, limit: number): Promise<OpenPlaceRow[]> {
      const places = await db
        .selectFrom("places")
        .select(["id", "slug", "kind", "category_id", "city_id", "governorate", "unesco", "wikidata", "lat", "lng", "facts", "updated_at"])
        .where("id", ">", afterId)
        .orderBy("id")
        .limit(limit)
        .execute();
      if (places.length === 0) return [];
      const ids = places.map((p) => p.id);
      const [texts, media] = await Promise.all([
        db.selectFrom("place_translations").select(["place_id", "language", "name", "summary"]).where("place_id", "in", ids).execute(),
        db
          .selectFrom("media")
          .leftJoin("media_translations as t", "t.media_id", "media.id")
          .select(["media.id", "media.owner_id", "media.position", "media.src", "media.details", "t.language", "t.title"])
          .where("media.owner_type", "=", "place")
          .where("media.kind", "=", "image")
          .where("media.owner_id", "in", ids)
          .orderBy("media.owner_id")
          .orderBy("media.position")
          .orderBy("media.id")
          .execute(),
      ]);
      const textsOf = new Map<number, OpenPlaceRow["texts"]>();
      for (const t of texts) textsOf.set(t.place_id, { ...textsOf.get(t.place_id), [t.language]: { name: t.name, summary: t.summary } });
      const picturesOf = new Map<number, Map<number, OpenPlaceRow["pictures"][number]>>();
      for (const m of media) {
        const own = picturesOf.get(m.owner_id) ?? new Map();
        picturesOf.set(m.owner_id, own);
        const picture = own.get(m.id) ?? { src: m.src, details: m.details, titles: {} };
        if (m.language && m.title) picture.titles[m.language] = m.title;
        own.set(m.id, picture);
      }
      return places.map((p) => ({
        id: p.id,
        slug: p.slug,
        kind: p.kind,
        categoryId: p.category_id,
        cityId: p.city_id,
        governorate: p.governorate,
        unesco: Number(p.unesco) === 1,
        wikidata: p.wikidata,
        lat: Number(p.lat),
        lng: Number(p.lng),
        facts: p.facts,
        updatedAt: p.updated_at,
        texts: textsOf.get(p.id) ?? {},
        pictures: [...(picturesOf.get(p.id)?.values() ?? [])],
      }));
    },
    /** When a place last changed: what the catalogue says the datasets were modified. */
    async lastChange(): Promise<string | null> {
      const r = await db
        .selectFrom("places")
        .select((eb) => eb.fn.max<string | null>("updated_at").as("at"))
        .executeTakeFirst();
      return r?.at ?? null;
    },
    async cities(): Promise<NamedRow[]> {
      const [rows, names] = await Promise.all([
        db.selectFrom("cities").select(["id", "slug"]).execute(),
        db.selectFrom("city_translations").select(["city_id as id", "language", "name"]).execute(),
      ]);
      return named(rows, names);
    },
    async categories(): Promise<NamedRow[]> {
      const [rows, names] = await Promise.all([
        db.selectFrom("categories").select(["id", "slug"]).execute(),
        db.selectFrom("category_translations").select(["category_id as id", "language", "name"]).execute(),
      ]);
      return named(rows, names);
    },
  };
}
export type OpenDataRepository = ReturnType<typeof openDataRepository>;
