// Everything a site's pages show, shaped once for the browser: texts, location, and media by kind.
import type { Domain } from "../../domain/domain.ts";
import { imageView } from "./images";
import { LANGUAGE_CODES } from "../../shared/languages";
import type { Credit } from "../../shared/licences";
import { factsIn, isOverdue } from "../../domain/content/facts";
import { damascusToday } from "../../shared/damascus-time";
import { duration, monthYear } from "./dates.server";
import { surroundingsMap } from "./map.server";
import { comingEvents } from "./events.server";
import type { LanguageCode } from "../../shared/languages";

export type VideoView = {
  src: string;
  width: number;
  height: number;
  poster: string | null;
  title: string;
  captions: Array<{ language: string; src: string }>;
  /** A library video's credit; the drawn seed videos have none. */
  credit: Credit | null;
};

function youtubeId(url: string): string | null {
  const u = new URL(url);
  if (u.hostname === "youtu.be") return u.pathname.slice(1) || null;
  return u.searchParams.get("v") ?? u.pathname.match(/\/embed\/([\w-]{6,})/)?.[1] ?? null;
}

export async function placeView(domain: Domain, language: LanguageCode, ids: { placeId: number; cityId: number; categoryId: number }) {
  const place = await domain.content.placeAt(language, ids.placeId, ids);
  if (!place) return undefined;
  const media = await domain.content.mediaOfPlace(language, place.id);
  const video = (m: (typeof media.videos)[number]): VideoView => {
    const { details } = m;
    const captions = Object.entries(details.captions)
      .filter(([code]) => (LANGUAGE_CODES as readonly string[]).includes(code))
      .map(([code, src]) => ({ language: code, src }));
    return {
      src: m.src,
      width: m.width ?? 960,
      height: m.height ?? 600,
      poster: details.poster ?? null,
      title: m.title || place.name,
      captions,
      credit: details.credit ?? null,
    };
  };
  const facts = factsIn(place.facts, language);
  const settings = await domain.content.settings();
  const today = damascusToday();
  /** A fact's check as the page says it: the month it was checked, and whether that is past the settings' months. */
  const checkOf = (day: string, months: number) => ({ text: monthYear(day, language), overdue: isOverdue(day, months, today) });
  return {
    place: {
      id: place.id,
      governorate: place.governorate,
      facts: {
        ...facts,
        // Past its review date, the status is still shown, with a sentence saying it may be out of date.
        status: facts.status && {
          ...facts.status,
          verifiedText: monthYear(facts.status.verified, language),
          overdue: isOverdue(facts.status.verified, settings.statusReviewMonths, today),
        },
        travelText: facts.travelMinutes ? duration(facts.travelMinutes, language) : null,
        // The practical facts and the safety note, with the day each was checked when known, past it or not.
        practicalCheck: facts.practicalChecked && checkOf(facts.practicalChecked, settings.factsReviewMonths),
        safetyCheck: facts.safetyChecked && checkOf(facts.safetyChecked, settings.statusReviewMonths),
      },
      name: place.name,
      summary: place.summary,
      information: place.information,
      address: place.address,
      lat: place.lat,
      lng: place.lng,
      unesco: !!place.unesco,
      wikidata: place.wikidata,
      cityId: place.city_id,
      categoryId: place.category_id,
      cityName: place.city_name,
      categoryName: place.category_name,
    },
    surroundings: await surroundingsMap(domain, language, place),
    events: await comingEvents(domain, language, { placeId: place.id }),
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

export type PlaceView = NonNullable<Awaited<ReturnType<typeof placeView>>>;
