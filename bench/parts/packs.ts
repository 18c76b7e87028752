// Trip packs (decision 036): what saving each city's page, and each itinerary's, for offline costs a visitor,
// in English and Arabic, with pictures and without (Save-Data), as the server tells it before the download; the
// time it takes to tell (the first ask renders the pages, later ones are kept); and, for Damascus, whether the
// bytes downloaded file by file are at most the bytes told.
import { get } from "node:http";
import type { BenchPart } from "../lib/types.ts";
import { spreadOf, spreadText } from "../lib/spread.ts";
import type { PackManifest } from "../../shared/trip-packs.ts";

const FULL_BUDGET_MB = 3;
const LITE_BUDGET_MB = 1.5;
const REPEATS = 5;
const MB = 1_000_000;
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

type Measured = { page: string; language: string; lite: boolean; bytes: number; files: number; firstMs: number; laterMs: number[] };

async function ask(base: string, page: string, lite: boolean): Promise<{ pack: PackManifest; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${base}/trip-pack.json?page=${encodeURIComponent(page)}${lite ? "&lite=1" : ""}`, { headers: BROWSER });
  if (!res.ok) throw new Error(`${page}: ${res.status} ${await res.text()}`);
  const pack = (await res.json()) as PackManifest;
  return { pack, ms: performance.now() - started };
}

/** Every city's page (in the category the home page links each city under), then every itinerary's. */
async function packedPages(base: string): Promise<string[]> {
  const linked = async (path: string, link: RegExp) =>
    [...new Set([...(await (await fetch(base + path)).text()).matchAll(link)].map((m) => m[1]))].filter((p) => p !== undefined);
  return [
    ...(await linked("/cities/1", /href="(\/cities\/\d+\/sites\/\d+)"/g)),
    ...(await linked("/itineraries", /href="(\/itineraries\/[a-z0-9-]+)"/g)),
  ];
}

/** The bytes one file takes to download, as sent (fetch would count them inflated). */
function bytesSent(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: BROWSER }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve(bytes));
      res.on("error", reject);
    }).on("error", reject);
  });
}

/** The bytes a whole pack takes to download, file by file, as the browser's worker fetches it. */
async function downloaded(base: string, pack: PackManifest): Promise<number> {
  let total = 0;
  for (const file of pack.files) total += await bytesSent(base + file.url);
  return total;
}

export const packs: BenchPart = async (ctx) => {
  const measured: Measured[] = [];
  for (const path of await packedPages(ctx.baseURL))
    for (const [language, page] of [
      ["en", path],
      ["ar", `/ar${path}`],
    ])
      for (const lite of [false, true]) {
        const first = await ask(ctx.baseURL, page, lite);
        const laterMs: number[] = [];
        for (let i = 0; i < REPEATS; i++) laterMs.push((await ask(ctx.baseURL, page, lite)).ms);
        measured.push({ page, language, lite, bytes: first.pack.bytes, files: first.pack.files.length, firstMs: first.ms, laterMs });
        ctx.log(
          `${page}${lite ? " (without pictures)" : ""}: ${(first.pack.bytes / MB).toFixed(2)} MB in ${first.pack.files.length} files, told in ${Math.round(first.ms)} ms, then ${spreadText(laterMs, 1)} ms`,
        );
      }
  // The budgets are a city's; an itinerary's pack is measured beside them.
  const ofCity = measured.filter((m) => m.page.includes("/cities/"));
  const full = ofCity.filter((m) => !m.lite);
  const lite = ofCity.filter((m) => m.lite);
  const damascus = full[0];
  const told = damascus ? (await ask(ctx.baseURL, damascus.page, false)).pack : undefined;
  const got = told ? await downloaded(ctx.baseURL, told) : 0;
  ctx.log(`${damascus?.page}: told ${told?.bytes} bytes, downloaded ${got} bytes`);
  const fullMb = spreadOf(full.map((m) => m.bytes / MB));
  const liteMb = spreadOf(lite.map((m) => m.bytes / MB));
  const firstMs = spreadOf(measured.map((m) => m.firstMs));
  const laterMs = spreadOf(measured.flatMap((m) => m.laterMs));
  const rows = measured.map(
    (m) =>
      `| ${m.page} | ${m.lite ? "without" : "with"} | ${(m.bytes / MB).toFixed(2)} | ${m.files} | ${Math.round(m.firstMs)} | ${spreadText(m.laterMs, 1)} |`,
  );
  return {
    part: "packs",
    figures: {
      cities: full.length / 2,
      itineraries: (measured.length - ofCity.length) / 4,
      fullMb,
      liteMb,
      firstMs,
      laterMs,
      damascus: { told: told?.bytes, downloaded: got },
      measured,
    },
    budgets: [
      {
        name: "a city's trip pack (largest)",
        limit: `<= ${FULL_BUDGET_MB} MB`,
        value: +fullMb.max.toFixed(2),
        pass: fullMb.max <= FULL_BUDGET_MB,
      },
      {
        name: "a city's trip pack with Save-Data (largest)",
        limit: `<= ${LITE_BUDGET_MB} MB`,
        value: +liteMb.max.toFixed(2),
        pass: liteMb.max <= LITE_BUDGET_MB,
      },
      {
        // Never more than told; less once the page cache has recompressed its pages at brotli's best level
        // (http/answer-cache.ts), which it does in the background after a page's first answer.
        name: "Damascus's pack: bytes downloaded against bytes told",
        limit: "<= told, >= 85 % of it",
        value: told ? `${got} / ${told.bytes} (${((100 * got) / told.bytes).toFixed(1)} %)` : "none",
        pass: !!told && got <= told.bytes && got >= told.bytes * 0.85,
      },
    ],
    markdown: [
      "## Trip packs",
      "",
      `Every city's page and every itinerary's in en and ar, with pictures and without (the budgets are a city's); MB as downloaded (pages compressed as a browser takes them). Size told in ms: the first ask renders the pages, then ${REPEATS} asks kept.`,
      "",
      `- with pictures: min / median / max ${spreadText(
        full.map((m) => m.bytes / MB),
        2,
      )} MB (budget ${FULL_BUDGET_MB})`,
      `- without pictures: ${spreadText(
        lite.map((m) => m.bytes / MB),
        2,
      )} MB (budget ${LITE_BUDGET_MB})`,
      `- first ask ${spreadText(measured.map((m) => m.firstMs))} ms; kept ${spreadText(
        measured.flatMap((m) => m.laterMs),
        1,
      )} ms`,
      `- Damascus: ${told?.bytes} bytes told, ${got} downloaded file by file`,
      "",
      "| page | pictures | MB | files | first ask, ms | kept asks, ms |",
      "|---|---|---|---|---|---|",
      ...rows,
      "",
    ].join("\n"),
  };
};
