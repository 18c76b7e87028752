// Everything a site's pages show, shaped once for the browser: texts, location, and media by kind.
import type { Services } from "../../server/services.ts";
import { imageView } from "./images";
import { LANGUAGE_CODES } from "../../shared/languages";

export type VideoView = { src: string; width: number; height: number; poster: string | null; title: string; captions: Array<{ language: string; src: string }> };

export function youtubeId(url: string): string | null {
  const u = new URL(url);
  if (u.hostname === "youtu.be") return u.pathname.slice(1) || null;
  return u.searchParams.get("v") ?? (u.pathname.match(/\/embed\/([\w-]{6,})/)?.[1] ?? null);
}

export async function siteView(services: Services, language: string, ids: { placeId: number; cityId: number; categoryId: number }) {
  const place = await services.content.place(ids.placeId, language);
  if (!place || place.city_id !== ids.cityId || place.category_id !== ids.categoryId) return undefined;
  const media = (await services.content.placeMedia(language, [place.id])).get(place.id)!;
  const video = (m: (typeof media.videos)[number]): VideoView => {
    const details = JSON.parse(m.details || "{}") as { poster?: string; captions?: Record<string, string> };
    const captions = Object.entries(details.captions ?? {})
      .filter(([code]) => (LANGUAGE_CODES as readonly string[]).includes(code))
      .map(([code, src]) => ({ language: code, src }));
    return { src: m.src, width: m.width ?? 960, height: m.height ?? 600, poster: details.poster ?? null, title: m.title || place.name, captions };
  };
  return {
    place: {
      id: place.id, name: place.name, summary: place.summary, information: place.information, address: place.address,
      lat: place.lat, lng: place.lng, unesco: !!place.unesco, cityId: place.city_id, categoryId: place.category_id,
      cityName: place.city_name, categoryName: place.category_name,
    },
    images: media.images.map((m) => ({ ...imageView(m, place.name), caption: m.title })),
    videos: [
      ...media.videos.map((m) => ({ kind: "file" as const, ...video(m) })),
      ...media.youtube.map((m) => ({ kind: "youtube" as const, id: youtubeId(m.src), title: m.title || place.name })).filter((y) => y.id),
    ],
    sign: media.sign.map(video),
    panoramas: media.panoramas.map((m) => ({ src: m.src, title: m.title || place.name })),
    tours: media.tours.map((m) => ({ src: m.src, title: m.title || place.name })),
  };
}

export type SiteView = NonNullable<Awaited<ReturnType<typeof siteView>>>;
