// The content the API and the pages share: language resolution, filters and per-entity media.
import type { ContentRepository, MarkerBox, Page, PlaceFilter, PlaceRow, ServiceTypeRow } from "../../db/repositories/content.ts";
import { withDetails, type Media } from "./media-details.ts";
import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "../../shared/languages.ts";
import { placesOfCategoryFilter } from "./category-kind.ts";
import { guidePageIn, type GuidePageView } from "./guide.ts";
import { guidePage, textIn, type StoredSettings, type Translated } from "./schema.ts";
import { versionReads } from "./version-reads.ts";

export type Language = { id: number; code: LanguageCode; name: string };

/** The service types of one language by id, each with the address of its cover picture, when it has one. */
export type ServiceCards = Map<number, { service: ServiceTypeRow; coverSrc: string | undefined }>;

/** The site settings a page shows, in one language; what is not known yet is null or empty, never invented. */
export type SiteSettings = {
  address: string;
  phone: string | null;
  email: string | null;
  workingHours: string;
  social: Array<{ network: string; url: string }>;
  appStoreUrl: string;
  googlePlayUrl: string;
  /** Months a contact message is kept before it is deleted (the privacy page says so). */
  retentionMonths: number;
};

/** Media of one place grouped the way the site and the API use them. */
type PlaceMedia = {
  images: Media[];
  info: Media[];
  videos: Media[];
  youtube: Media[];
  sign: Media[];
  panoramas: Media[];
  tours: Media[];
};

export function contentService(repo: ContentRepository) {
  const versions = versionReads(() => repo.contentVersion());
  // Languages change only with a content load; a tiny cache spares a query on every request.
  let languageCache: { version: number; list: Language[] } | undefined;

  async function languages(): Promise<Language[]> {
    const version = await versions.version();
    if (!languageCache || languageCache.version !== version) {
      const rows = await repo.languages();
      languageCache = { version, list: rows.filter((r) => isLanguageCode(r.code)) as Language[] };
    }
    return languageCache.list;
  }

  // The services and their pictures, by language, for the places' answers: a few rows that change only with a
  // publish, which a search or a list read again for every answer otherwise (two of its three round trips).
  let serviceCardCache: { version: number; byLanguage: Map<string, Promise<ServiceCards>> } | undefined;

  /** The service types in a language, by id, each with its cover's address: kept for the content version. */
  async function serviceCards(language: string): Promise<ServiceCards> {
    const version = await versions.version();
    if (serviceCardCache?.version !== version) serviceCardCache = { version, byLanguage: new Map() };
    const cache = serviceCardCache;
    let cards = cache.byLanguage.get(language);
    if (!cards) {
      cards = readServiceCards(language);
      cache.byLanguage.set(language, cards);
      // A failed read is not kept: the next answer reads again.
      cards.catch(() => cache.byLanguage.delete(language));
    }
    return cards;
  }

  async function readServiceCards(language: string): Promise<ServiceCards> {
    const services = await repo.serviceTypes(language);
    const coverOf = await covers(
      language,
      "service_type",
      services.map((s) => s.id),
    );
    return new Map(services.map((service) => [service.id, { service, coverSrc: coverOf.get(service.id)?.src }]));
  }

  /** The first image of each owner, for cards and list answers. */
  async function covers(language: string, ownerType: string, ids: number[]): Promise<Map<number, Media>> {
    const rows = await repo.media(language, { type: ownerType, ids }, ["image"]);
    const out = new Map<number, Media>();
    for (const r of rows) if (!out.has(r.owner_id)) out.set(r.owner_id, withDetails(r));
    return out;
  }

  async function placeMedia(language: string, placeIds: number[]): Promise<Map<number, PlaceMedia>> {
    const rows = await repo.media(language, { type: "place", ids: placeIds });
    const out = new Map<number, PlaceMedia>();
    for (const id of placeIds) out.set(id, { images: [], info: [], videos: [], youtube: [], sign: [], panoramas: [], tours: [] });
    const group: Record<string, keyof PlaceMedia> = {
      image: "images",
      info: "info",
      video: "videos",
      youtube: "youtube",
      sign: "sign",
      panorama: "panoramas",
      tour: "tours",
    };
    for (const row of rows) out.get(row.owner_id)?.[group[row.kind]]?.push(withDetails(row));
    return out;
  }

  async function mediaOfPlace(language: string, placeId: number): Promise<PlaceMedia> {
    const media = (await placeMedia(language, [placeId])).get(placeId);
    if (!media) throw new Error(`placeMedia gave no entry for place ${placeId}, which it was asked for`);
    return media;
  }

  // Every read in a language takes the language first, then what it reads (ids, filters, pages).
  return {
    languages,
    async languageById(id: number): Promise<Language | undefined> {
      return (await languages()).find((l) => l.id === id);
    },
    async languageByCode(code: string): Promise<Language> {
      const list = await languages();
      return (
        list.find((l) => l.code === code) ??
        list.find((l) => l.code === DEFAULT_LANGUAGE) ?? { id: 1, code: DEFAULT_LANGUAGE, name: "English" }
      );
    },
    /** The published content's version: the request's own within `withinVersion` (version-reads.ts). */
    version: versions.version,
    withinVersion: versions.within,
    /** The site settings, as their schema types them (read at the repository's edge). */
    settings: (): Promise<StoredSettings> => repo.settings(),
    /** The settings a page shows (footer, contact page, app section), in its language, English where it has none. */
    async localSettings(language: string): Promise<SiteSettings> {
      const s = await this.settings();
      const text = (t: Translated | undefined) => (t ? textIn(t, language) : "");
      return {
        address: text(s.address),
        phone: s.phone ?? null,
        email: s.email ?? null,
        workingHours: text(s.workingHours),
        social: s.social ?? [],
        appStoreUrl: s.appStoreUrl ?? "",
        googlePlayUrl: s.googlePlayUrl ?? "",
        retentionMonths: s.retentionMonths,
      };
    },

    categories: (language: string, kind?: number) => repo.categories(language, kind),
    async category(language: string, id: number) {
      return (await repo.categories(language)).find((c) => c.id === id);
    },

    /** Cities with places in a category; the featured category counts featured places. */
    async citiesOfCategory(language: string, categoryId: number) {
      const category = (await repo.categories(language)).find((c) => c.id === categoryId);
      if (!category) return undefined;
      const cities = await repo.cities(language, { withPlacesIn: placesOfCategoryFilter(category) });
      return { category, cities };
    },
    cities: (language: string) => repo.cities(language),
    async city(language: string, id: number) {
      return (await repo.cities(language, { ids: [id] }))[0];
    },

    places: (language: string, filter: PlaceFilter, page?: Page) => repo.places(language, filter, page),
    countPlaces: (filter: PlaceFilter) => repo.countPlaces(filter),
    placeAddresses: (filter: PlaceFilter, page: Page) => repo.placeAddresses(filter, page),
    /** The cities, or the star ratings, the places of a filter have: what a list's filters offer. */
    placeValues: (filter: PlaceFilter, column: "city_id" | "category_id" | "star") => repo.placeValues(filter, column),
    /** Which categories each city has places of (of one kind). */
    categoriesByCity: (kind: string) => repo.categoriesByCity(kind),
    /** Places as map markers, most popular first: of a filter, within `box`, at most `limit`, when given. */
    markers: (language: string, only?: { box?: MarkerBox; filter?: PlaceFilter; limit?: number }) => repo.markers(language, only),
    async place(language: string, id: number): Promise<PlaceRow | undefined> {
      return (await repo.places(language, { ids: [id] })).items[0];
    },
    /** A place as its address names it (/cities/{category}/sites/{city}/action/{place}): none if it lies elsewhere. */
    async placeAt(language: string, id: number, at: { cityId: number; categoryId: number }): Promise<PlaceRow | undefined> {
      const place = (await repo.places(language, { ids: [id] })).items[0];
      return place && place.city_id === at.cityId && place.category_id === at.categoryId ? place : undefined;
    },
    /** Places as the API's answers show them (with each one's cover picture), of a filter or by id. */
    placeSummaries: (language: string, filter: PlaceFilter, page?: Page) => repo.placeSummaries(language, filter, page),
    placeSummariesByIds: async (language: string, ids: number[]) => (await repo.placeSummaries(language, { ids })).items,
    serviceCards,

    serviceTypes: (language: string, offeredIn?: { cityId: number; categoryId: number }) => repo.serviceTypes(language, { offeredIn }),
    async serviceType(language: string, id: number) {
      return (await repo.serviceTypes(language, { ids: [id] }))[0];
    },
    stars: repo.stars,

    placeMedia,
    mediaOfPlace,
    covers,
    /** The trip-planning guide's pages in one language, in order. */
    async guide(language: string): Promise<GuidePageView[]> {
      return (await repo.guidePages()).map((row) => guidePageIn(guidePage.parse(JSON.parse(row.body)), language));
    },
    gallery: (language: string) => repo.gallery(language),
    experiences: (language: string) => repo.experiences(language),
  };
}

export type ContentService = ReturnType<typeof contentService>;
