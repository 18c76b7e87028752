// The compatible API answers every call of ORIGINAL-API.md with the shapes the published mobile app parses,
// on both database engines.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CategoryKind } from "../../domain/content/category-kind.ts";
import { z } from "zod";
import { ENGINES, testApp } from "../setup/test-app.ts";
import {
  categorySchema,
  citySchema,
  languageSchema,
  linkSchema,
  mediaSchema,
  placeSchema,
  serviceSchema,
  starSchema,
  waySchema,
} from "../../server/api/presenters.ts";

const API = "/back/api/user";
// What the app's strict parsers need of a place (ORIGINAL-API.md): integers and non-null strings.
const appPlace = z.object({
  id: z.number().int(),
  place_type: z.number().int(),
  languages_idlanguages: z.number().int(),
  categories_idcategories: z.number().int(),
  cities_idcities: z.number().int(),
  place_name: z.string(),
  photo: z.url(),
  description: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

describe.each(ENGINES)("compatible API on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function get(path: string) {
    const res = await t.app.request(API + path);
    return { status: res.status, body: (await res.json()) as any, headers: res.headers };
  }
  async function post(path: string, body: BodyInit, type?: string) {
    const res = await t.app.request(API + path, { method: "POST", body, headers: type ? { "content-type": type } : {} });
    return { status: res.status, body: (await res.json()) as any };
  }
  const ids = async () => {
    const cats = (await get("/category1/category/language/1")).body.data as Array<{ id: number; cat_type: number }>;
    const cat = (kind: number) => cats.find((c) => c.cat_type === kind)!.id;
    const cities = (await get(`/city1/cities/category/${cat(CategoryKind.destinations)}/language/1`)).body.data as Array<{
      id: number;
      city_name: string;
    }>;
    return {
      sites: cat(CategoryKind.destinations),
      services: cat(CategoryKind.services),
      featured: cat(CategoryKind.featured),
      culture: cat(CategoryKind.culture),
      damascus: cities.find((c) => c.city_name === "Damascus")!.id,
    };
  };

  it("lists the seven languages with id, name and code", async () => {
    const { status, body } = await get("/language1/languages");
    expect(status).toBe(200);
    z.array(languageSchema).parse(body.data);
    expect(body.data.map((l: any) => l.code)).toEqual(["en", "ar", "fr", "es", "it", "tr", "zh"]);
    expect(body.data[1]).toMatchObject({ id: 2, code: "ar", name: "العربية", type: "rtl" });
    expect((await get("/language1/languages/7")).body.data).toMatchObject({ id: 7, code: "zh" });
  });

  it("answers categories of the four kinds in English and Arabic", async () => {
    const en = (await get("/category1/category/language/1")).body.data;
    const ar = (await get("/category1/category/language/2")).body.data;
    z.array(categorySchema).parse(en);
    expect(en.map((c: any) => c.cat_type).sort()).toEqual([1, 2, 3, 4]);
    expect(ar[0]).toMatchObject({ id: en[0].id, cat_name: "المواقع الأثرية", languages_idlanguages: 2 });
    expect((await get(`/category1/categories/${en[0].id}?language=3`)).body.data.cat_name).toBe("Sites archéologiques");
  });

  it("lists the cities of a category and answers one city", async () => {
    const { sites, featured, damascus } = await ids();
    const fr = (await get(`/city1/cities/category/${sites}/language/3`)).body.data;
    z.array(citySchema).parse(fr);
    expect(fr.map((c: any) => c.city_name).sort()).toEqual(["Alep", "Damas"]);
    expect(fr[0].categories_idcategories).toBe(sites);
    expect((await get(`/city1/cities/category/${featured}/language/1`)).body.data).toHaveLength(2);
    const one = (await get(`/city1/cities/${damascus}?language=6`)).body.data;
    expect(one).toMatchObject({ id: damascus, city_name: "Şam" });
  });

  it("answers places of a category with Laravel pagination, in two languages", async () => {
    const { featured, culture } = await ids();
    const page1 = (await get(`/place1/places/category/${featured}/language/1?page=1&per_page=1`)).body;
    expect(page1.meta).toMatchObject({ current_page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(page1.links.next).toContain("page=2");
    z.array(placeSchema).parse(page1.data);
    z.array(appPlace).parse(page1.data);
    const page2 = (await get(`/place1/places/category/${featured}/language/2?page=2&per_page=1`)).body;
    expect(page2.data[0].place_name).toBe("قلعة حلب");
    expect(page2.links.next).toBeNull();
    const cultureList = (await get(`/place1/places/category/${culture}/language/5`)).body.data;
    expect(cultureList.map((p: any) => p.place_name)).toEqual(["Palazzo Azm"]);
  });

  it("answers a place by id with the same id in every language", async () => {
    const en = (await get("/place1/places/1")).body.data;
    const zh = (await get("/place1/places/1?language=7")).body.data;
    appPlace.parse(en);
    expect(en.place_name).toBe("Umayyad Mosque");
    expect(zh).toMatchObject({ id: 1, place_name: "倭马亚清真寺", languages_idlanguages: 7 });
  });

  it("lists places of a city without services, with a service, and with a star", async () => {
    const { sites, services, damascus } = await ids();
    const plain = (await get(`/place1/places/city/${damascus}/category/${sites}/language/1`)).body.data;
    expect(plain.map((p: any) => p.place_name)).toEqual(["Umayyad Mosque", "Straight Street"]);
    const hotels = (await get(`/place1/places/city/${damascus}/category/${services}/language/4/service/1`)).body;
    expect(hotels.data.map((p: any) => p.star)).toEqual([5, 4]);
    expect(hotels.data[0].service).toMatchObject({ idservices: 1, ser_name: "Hoteles" });
    serviceSchema.parse(hotels.data[0].service);
    expect(hotels.meta.total).toBe(2);
    const four = (await get(`/place1/places/city/${damascus}/category/${services}/language/1/service/1/star/4`)).body.data;
    expect(four.map((p: any) => p.place_name)).toEqual(["Hotel Four"]);
    const any = (await get(`/place1/places/city/${damascus}/category/${services}/language/1/service/1/star/0`)).body.data;
    expect(any).toHaveLength(2);
  });

  it("answers services and the stars available for the rating filter", async () => {
    const { services, damascus } = await ids();
    const all = (await get("/service1/services")).body.data;
    z.array(serviceSchema).parse(all);
    expect(all.map((s: any) => s.ser_name)).toEqual(["Hotels", "Restaurants"]);
    expect((await get("/service1/services/2?language=2")).body.data.ser_name).toBe("المطاعم");
    const inCity = (await get(`/service1/services/city/${damascus}/category/${services}/language/3`)).body.data;
    expect(inCity.map((s: any) => s.ser_name)).toEqual(["Hôtels", "Restaurants"]);
    const stars = (await get(`/star1/star/category/${services}/language/1/service/1/city/${damascus}`)).body.data;
    z.array(starSchema).parse(stars);
    expect(stars.map((s: any) => s.number)).toEqual([4, 5]);
  });

  it("answers the media, links and way of a place", async () => {
    const { sites, damascus } = await ids();
    const scope = `place/1/city/${damascus}/category/${sites}`;
    const media = (await get(`/media1/media/${scope}/language/2`)).body.data;
    z.array(mediaSchema).parse(media);
    expect(media.filter((m: any) => m.med_type === 1)).toHaveLength(3);
    // The test pictures are drawn: their name says so, and what the drawing shows (not the caption of a photograph).
    expect(media[0].med_name).toMatch(/^رسم توضيحي وليس صورة فوتوغرافية\. /);
    expect(media[0].variants.map((v: any) => `${v.format}@${v.width}`).sort()).toEqual([
      "avif@1600",
      "avif@480",
      "avif@960",
      "webp@1600",
      "webp@480",
      "webp@960",
    ]);
    expect(media[0].placeholder).toMatch(/^#[0-9a-f]{6}$/);
    const info = media.find((m: any) => m.med_type === 2);
    const text = await t.app.request(new URL(info.med_content).pathname + new URL(info.med_content).search);
    expect(text.headers.get("content-type")).toContain("text/plain");
    expect(await text.text()).toContain("معلومات عن الجامع الأموي");
    const image = await t.app.request(new URL(media[0].med_content).pathname);
    expect(image.status).toBe(200);
    expect(image.headers.get("cache-control")).toContain("immutable");

    const links = (await get(`/link1/links/${scope}/language/1`)).body.data;
    z.array(linkSchema).parse(links);
    expect(links.map((l: any) => l.link_type).sort()).toEqual([1, 2, 2, 3]);
    const way = (await get(`/way1/ways/${scope}/language/3`)).body.data;
    z.array(waySchema).parse(way);
    expect(way[0]).toMatchObject({ vertical: 33.5116, horizontal: 36.3065, name: "Mosquée des Omeyyades" });
  });

  it("searches from the website (JSON) and from the app (multipart, no language)", async () => {
    const web = await post(
      "/place1/search?page=1&per_page=10",
      JSON.stringify({ name: "citadel", star: 0, service: 0, language: 2 }),
      "application/json",
    );
    expect(web.status).toBe(200);
    expect(web.body.data[0]).toMatchObject({
      place_name: "قلعة حلب",
      categories_idcategories: expect.any(Number),
      cities_idcities: expect.any(Number),
    });
    z.array(appPlace).parse(web.body.data);
    const form = new FormData();
    form.set("name", "Umayyad");
    const app = await post("/place1/search", form);
    expect(app.body.data[0].place_name).toBe("Umayyad Mosque");
    expect(app.body.meta.per_page).toBe(5);
    const urlencoded = await post("/place1/search", "name=hotel&service=1&star=4&language=1", "application/x-www-form-urlencoded");
    expect(urlencoded.body.data.map((p: any) => p.place_name)).toEqual(["Hotel Four"]);
    const blank = await post("/place1/search", JSON.stringify({ name: "   ", language: 1 }), "application/json");
    expect(blank).toMatchObject({ status: 200, body: { data: [] } });
  });

  it("stores a contact message and answers 201 with the success message", async () => {
    const res = await post(
      "/contact-admin",
      JSON.stringify({ name: "Lina", email: "lina@example.org", subject: "Visiting Bosra", message: "Is the theatre open to visitors?" }),
      "application/json",
    );
    expect(res).toEqual({ status: 201, body: { message: "Your message has been sent successfully. We'll get back to you soon!" } });
    const stored = await t.database.db.selectFrom("contact_messages").selectAll().where("email", "=", "lina@example.org").execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ subject: "Visiting Bosra", mail_status: "not-configured" });
  });

  it("registers a device with 201 while keeping no token and no address", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      device_name: "Pixel",
      platform: "Android",
      device_token: "secret-token",
      ip_address: "10.1.2.3",
      app_version: "2.1.0",
    }))
      form.set(k, v);
    const res = await post("/device/store", form);
    expect(res.status).toBe(201);
    const rows = await t.database.db.selectFrom("device_counts").selectAll().execute();
    expect(rows).toEqual([{ platform: "android", app_version: "2.1.0", count: 1 }]);
    expect(JSON.stringify(rows)).not.toContain("secret-token");
  });

  it("compresses large answers with brotli and answers 304 for a known ETag", async () => {
    const res = await t.app.request("/back/api/openapi.json", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    const body = new Uint8Array(await res.arrayBuffer());
    const length = res.headers.get("content-length");
    if (length) expect(Number(length)).toBe(body.length);
    const etag = res.headers.get("etag")!;
    expect(res.headers.get("cache-control")).toContain("max-age");
    const again = await t.app.request("/back/api/openapi.json", { headers: { "accept-encoding": "br", "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("publishes an OpenAPI 3.1 document listing every endpoint, and a reference page", async () => {
    const doc = (await (await t.app.request("/back/api/openapi.json")).json()) as any;
    expect(doc.openapi).toBe("3.1.0");
    // The mobile app's 22 endpoints and the two of the events (decision 034), and the four open datasets' files
    // (decision 032).
    expect(Object.keys(doc.paths).filter((p) => p.startsWith("/back/api/") && !p.startsWith("/back/api/user/event1/"))).toHaveLength(22);
    expect(Object.keys(doc.paths).filter((p) => p.startsWith("/back/api/user/event1/"))).toHaveLength(2);
    expect(Object.keys(doc.paths).filter((p) => p.startsWith("/open-data/"))).toHaveLength(4);
    expect(doc.paths["/back/api/user/place1/search"].post.requestBody.content).toHaveProperty("multipart/form-data");
    const page = await t.app.request("/back/api/docs");
    expect(await page.text()).toContain("/back/api/user/contact-admin");
  });
});
