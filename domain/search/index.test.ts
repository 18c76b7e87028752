import { describe, expect, it } from "vitest";
import { buildIndex, type PlaceDocument } from "./index.ts";
import { allowedEdits, boundedDistance } from "../../shared/search/typos.ts";

let nextId = 1;
function place(p: Partial<PlaceDocument> & Pick<PlaceDocument, "names">): PlaceDocument {
  return {
    id: nextId++,
    kind: "site",
    categoryId: 1,
    cityId: 1,
    serviceTypeId: null,
    star: null,
    popularity: 50,
    aliases: [],
    cities: ["Damascus", "دمشق", "大马士革"],
    categories: ["Archaeological sites"],
    summaries: [],
    ...p,
  };
}

const palmyra = place({
  names: ["Palmyra", "تدمر", "Palmyre", "帕尔米拉"],
  aliases: ["Tadmur"],
  popularity: 99,
  cityId: 2,
  cities: ["Palmyra", "تدمر"],
});
const museum = place({
  names: ["Palmyra Museum", "متحف تدمر"],
  popularity: 60,
  kind: "culture",
  categoryId: 4,
  cityId: 2,
  cities: ["Palmyra"],
});
const citadel = place({
  names: ["Citadel of Aleppo", "قلعة حلب", "阿勒颇城堡"],
  popularity: 95,
  cityId: 3,
  cities: ["Aleppo", "حلب", "Halep"],
  categories: ["Citadels and castles"],
});
const mosque = place({ names: ["Umayyad Mosque", "الجامع الأموي"], popularity: 100, categories: ["Religious sites"] });
const azm = place({ names: ["Azm Palace"], popularity: 30 });
const azmHama = place({ names: ["Azm Palace of Hama"], popularity: 90, cityId: 4, cities: ["Hama"] });
const hotels = [5, 4, 4, 3].map((star, i) =>
  place({
    names: [`Hotel ${["Alpha", "Beta", "Gamma", "Delta"][i]}`],
    kind: "service",
    categoryId: 2,
    serviceTypeId: 1,
    star,
    popularity: 60 - i,
    categories: ["Tourist services"],
  }),
);
const restaurant = place({
  names: ["Naranj Restaurant"],
  kind: "service",
  categoryId: 2,
  serviceTypeId: 2,
  star: 4,
  categories: ["Tourist services"],
});
const words = place({ names: ["Serjilla"], summaries: ["A dead city of limestone houses"], popularity: 10 });
const long = place({ names: ["Philippopolis"], popularity: 40 });
const index = buildIndex([palmyra, museum, citadel, mosque, azm, azmHama, ...hotels, restaurant, words, long]);

const ids = (text: string, extra: Partial<Parameters<typeof index.search>[0]> = {}) =>
  index.search({ text, page: 1, perPage: 20, ...extra }).ids;

describe("search index", () => {
  it("finds a place from a query in any of its languages", () => {
    expect(ids("palmyra")[0]).toBe(palmyra.id);
    expect(ids("تدمر")[0]).toBe(palmyra.id);
    expect(ids("帕尔米拉")[0]).toBe(palmyra.id);
    expect(ids("tadmur")[0]).toBe(palmyra.id);
  });

  it("puts a whole-name match ahead of a more popular place whose name only contains the words", () => {
    expect(ids("azm palace").slice(0, 2)).toEqual([azm.id, azmHama.id]);
  });

  it("breaks ties by popularity", () => {
    expect(ids("hotel").slice(0, 4)).toEqual(hotels.map((h) => h.id));
  });

  it("uses the city and category names to narrow a query", () => {
    expect(ids("castle aleppo")[0]).toBe(citadel.id);
    expect(ids("museum palmyra")[0]).toBe(museum.id);
  });

  it("matches summary words, below names", () => {
    expect(ids("limestone")).toEqual([words.id]);
  });

  it("finds a summary word in every place that has it, however far apart the places are", () => {
    // Gaps of one place, of hundreds and of thousands, coded in one, two and three bytes (GapLists).
    const many = Array.from({ length: 20_000 }, (_, i) =>
      place({ names: [`Place ${i}`], summaries: [i % 2 === 0 && i < 10 ? "a basalt courtyard" : "a stone house"] }),
    );
    const far = [0, 1, 2, 300, 17_000, 19_999].map((i) => many[i]!);
    for (const p of far) p.summaries = ["a basalt courtyard"];
    const index = buildIndex(many);
    const found = index.rank({ text: "basalt", page: 1, perPage: 50 }).top.map((r) => r.id);
    const expected = new Set([...far, ...many.filter((_, i) => i % 2 === 0 && i < 10)].map((p) => p.id));
    expect(new Set(found)).toEqual(expected);
  });

  it("filters by star, service, category, city and kind", () => {
    expect(ids("hotel", { star: 4 })).toEqual([hotels[1]!.id, hotels[2]!.id]);
    expect(ids("hotel restaurant", { service: 2 })).toEqual([restaurant.id]);
    expect(ids("palmyra", { kind: "culture" })).toEqual([museum.id]);
    expect(ids("palmyra", { category: 4 })).toEqual([museum.id]);
    expect(ids("palace", { city: 4 })).toEqual([azmHama.id]);
    expect(ids("palmyra", { city: 99 })).toEqual([]);
  });

  it("pages through the results with a stable total", () => {
    const all = index.search({ text: "hotel", page: 1, perPage: 50 });
    const first = index.search({ text: "hotel", page: 1, perPage: 2 });
    const second = index.search({ text: "hotel", page: 2, perPage: 2 });
    const beyond = index.search({ text: "hotel", page: 9, perPage: 2 });
    expect(first.total).toBe(all.total);
    expect(second.total).toBe(all.total);
    expect([...first.ids, ...second.ids]).toEqual(all.ids.slice(0, 4));
    expect(beyond).toEqual({ ids: [], total: all.total });
  });

  it("tolerates one typo from four letters and two from eight", () => {
    expect(allowedEdits(3)).toBe(0);
    expect(allowedEdits(4)).toBe(1);
    expect(allowedEdits(7)).toBe(1);
    expect(allowedEdits(8)).toBe(2);
    expect(ids("palmyrq")[0]).toBe(palmyra.id); // one substitution
    expect(ids("plamyra")[0]).toBe(palmyra.id); // one transposition
    expect(ids("serjila")[0]).toBe(words.id); // one deletion
    expect(ids("filipopolis")[0]).toBe(long.id); // two edits in a long word
    expect(ids("sexjila")).not.toContain(words.id); // two edits in a seven-letter word
  });

  it("does not correct short words", () => {
    expect(ids("azn ")).toEqual([]);
  });

  it("completes the word being typed, but not a finished one", () => {
    expect(ids("palm")[0]).toBe(palmyra.id);
    expect(ids("citadel of ale")[0]).toBe(citadel.id);
    expect(ids("serj")[0]).toBe(words.id);
    expect(ids("ser ")).toEqual([]);
  });

  it("ranks a query alike whatever queries of other lengths came before it", () => {
    // The index keeps its scratch space between queries, sized to each query's number of words and grown
    // while a query meets more name phrases than it has room for (here 3,000 phrases holding "grand").
    const queries = ["palmyra museum", "grand hotel", "palmyra", "grand hotel 7 damascus", "citadel of aleppo", "grand", "museum"];
    const grand = Array.from({ length: 1500 }, (_, i) => place({ names: [`Grand Hotel ${i}`, `Grand Palace ${i}`], popularity: i % 90 }));
    const docs = [palmyra, museum, citadel, mosque, azm, azmHama, ...hotels, restaurant, words, long, ...grand];
    const ranking = (index: ReturnType<typeof buildIndex>, text: string) => index.rank({ text, page: 1, perPage: 10 }, { limit: 50 });
    const reused = buildIndex(docs);
    for (const text of [...queries, ...queries.toReversed()]) expect(ranking(reused, text)).toEqual(ranking(buildIndex(docs), text));
  });

  it("answers nothing for blank or unknown text", () => {
    expect(index.search({ text: "   ", page: 1, perPage: 10 })).toEqual({ ids: [], total: 0 });
    expect(index.search({ text: "zzqxv", page: 1, perPage: 10 })).toEqual({ ids: [], total: 0 });
  });
});

describe("boundedDistance", () => {
  it("counts substitutions, insertions, deletions and adjacent transpositions as one edit each", () => {
    expect(boundedDistance("halep", "halab", 2)).toBe(2);
    expect(boundedDistance("theatre", "theater", 2)).toBe(1);
    expect(boundedDistance("bosra", "busra", 2)).toBe(1);
    expect(boundedDistance("mari", "maria", 2)).toBe(1);
  });

  it("stops early once the distance must exceed the bound", () => {
    expect(boundedDistance("palmyra", "damascus", 2)).toBe(3);
    expect(boundedDistance("a", "abcdef", 2)).toBe(3);
  });
});
