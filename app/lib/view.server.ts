// Builds the small view models pages send to the browser (never whole database rows).
import type { PlaceRow } from "../../db/repositories/content.ts";
import type { Domain } from "../../domain/domain.ts";
import { imageView, type ImageView } from "./images";

export type PlaceCard = {
  id: number;
  name: string;
  summary: string;
  categoryId: number;
  cityId: number;
  cityName: string;
  star: number | null;
  image: ImageView | null;
};

export async function placeCards(domain: Domain, language: string, rows: PlaceRow[]): Promise<PlaceCard[]> {
  const covers = await domain.content.covers(
    language,
    "place",
    rows.map((r) => r.id),
  );
  return rows.map((p) => {
    const cover = covers.get(p.id);
    return {
      id: p.id,
      name: p.name,
      summary: p.summary,
      categoryId: p.category_id,
      cityId: p.city_id,
      cityName: p.city_name,
      star: p.star,
      image: cover ? imageView(cover, p.name) : null,
    };
  });
}

export async function coverImages(domain: Domain, ownerType: string, ids: number[], language: string): Promise<Map<number, ImageView>> {
  const covers = await domain.content.covers(language, ownerType, ids);
  return new Map([...covers].map(([id, row]) => [id, imageView(row)]));
}
