// The published mobile app parses these answers: a refactoring must not change a byte of them. Every endpoint
// of the API is asked with real ids (and a few wrong ones), in English and Arabic, and the answers (status,
// content type, body) are compared with the recorded file. A change on purpose is recorded again with
// `npx vitest run tests/api/answers-unchanged.test.ts -u`, and the diff of the file is reviewed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp } from "../setup/test-app.ts";

const API = "/back/api/user";

describe("API answers", () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let loadedFrom: number;
  beforeAll(async () => {
    loadedFrom = Date.now();
    t = await testApp("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  async function answer(path: string, init?: RequestInit) {
    const res = await t.app.request(API + path, init);
    return `${init?.method ?? "GET"} ${path}${init?.body ? ` ${String(init.body)}` : ""}\n${res.status} ${res.headers.get("content-type")}\n${await res.text()}\n`;
  }

  it("are the recorded ones, byte for byte", async () => {
    const json = async (path: string) => ((await (await t.app.request(API + path)).json()) as { data: any }).data;
    const categories = (await json("/category1/category/language/1")) as Array<{ id: number; cat_type: number }>;
    const kind = (k: number) => categories.find((c) => c.cat_type === k)!.id;
    const [sites, services, featured, culture] = [kind(1), kind(2), kind(3), kind(4)];
    const city = (await json(`/city1/cities/category/${sites}/language/1`))[0].id as number;
    const place = (await json(`/place1/places/city/${city}/category/${sites}/language/1`))[0] as { id: number };
    const serviceTypes = (await json("/service1/services")) as Array<{ id: number }>;
    const serviceCity = (await json(`/city1/cities/category/${services}/language/1`))[0].id as number;
    const search = (body: object) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

    const paths: Array<string | [string, RequestInit]> = [
      "/language1/languages",
      "/language1/languages/2",
      "/language1/languages/99",
      "/category1/category/language/1",
      "/category1/category/language/2",
      `/category1/categories/${featured}`,
      `/category1/categories/${culture}?language=7`,
      `/city1/cities/category/${sites}/language/1`,
      `/city1/cities/category/${featured}/language/2`,
      `/city1/cities/${city}`,
      `/city1/cities/${city}?language=3`,
      `/place1/places/${place.id}`,
      `/place1/places/${place.id}?language=2`,
      `/place1/places/${place.id}/information.txt?language=2`,
      `/place1/places/category/${featured}/language/1`,
      `/place1/places/category/${culture}/language/2?page=1&per_page=2`,
      `/place1/places/city/${city}/category/${sites}/language/1`,
      `/place1/places/city/${city}/category/${sites}/language/2?page=2&per_page=1`,
      `/place1/places/city/${serviceCity}/category/${services}/language/1/service/${serviceTypes[0].id}`,
      `/place1/places/city/${serviceCity}/category/${services}/language/2/service/${serviceTypes[0].id}/star/0`,
      `/place1/places/city/${serviceCity}/category/${services}/language/1/service/${serviceTypes[0].id}/star/4`,
      `/media1/media/place/${place.id}/city/${city}/category/${sites}/language/1`,
      `/media1/media/place/${place.id}/city/${city}/category/${sites}/language/2`,
      `/media1/media/place/${place.id}/city/${city + 1000}/category/${sites}/language/1`,
      `/link1/links/place/${place.id}/city/${city}/category/${sites}/language/1`,
      `/way1/ways/place/${place.id}/city/${city}/category/${sites}/language/2`,
      "/service1/services",
      `/service1/services/${serviceTypes[0].id}?language=2`,
      `/service1/services/city/${serviceCity}/category/${services}/language/3`,
      `/star1/star/category/${services}/language/1/service/${serviceTypes[0].id}/city/${serviceCity}`,
      "/place1/places/abc",
      "/place1/places/999999",
      `/place1/places/category/${sites}/language/1?per_page=1000`,
      ["/place1/search?page=1&per_page=10", search({ name: "omayyad", language: 1 })],
      ["/place1/search", search({ name: "الجامع الأموي", language: 2 })],
      ["/place1/search?page=2&per_page=1", search({ name: "alep", language: 3, star: 0, service: 0 })],
      ["/place1/search", search({ name: "" })],
      ["/contact-admin", search({ name: "", email: "not-an-email" })],
    ];
    let recorded = "";
    for (const p of paths) recorded += typeof p === "string" ? await answer(p) : await answer(p[0], p[1]);
    // The times the test content was loaded at differ from run to run: they are recorded as "<loaded>".
    recorded = recorded.replace(/"(\d{4}-\d\d-\d\dT[\d:.]+Z)"/g, (whole, iso: string) =>
      Date.parse(iso) >= loadedFrom ? '"<loaded>"' : whole,
    );
    await expect(recorded).toMatchFileSnapshot("./__snapshots__/api-answers.txt");
  });
});
