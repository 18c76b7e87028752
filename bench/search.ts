// Search benchmark: `node bench/search.ts`. Prints and writes bench/results/search.json:
// (a) quality on the judged query set over the real content (MRR, recall@1, recall@10);
// (b) speed and memory on a synthetic corpus of 10,000 places in seven languages (deterministic seed):
//     index build time, heap growth, and p50/p99 in-process latency over ~2,000 mixed queries.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { searchRepository } from "../db/repositories/search.ts";
import { contentRepository } from "../db/repositories/content.ts";
import { buildIndex, type PlaceDocument } from "../domain/search/index.ts";
import { indexedSearchService } from "../domain/search/service.ts";
import { measure, type JudgedQuery } from "../domain/search/judged.ts";
import { realContentDatabase } from "../harness/real-content.ts";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** mulberry32: a small deterministic generator, so every run measures the same corpus and queries. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(20230617);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

// Real Syrian toponymic elements and town names: [Latin, Arabic, Chinese].
const PREFIXES = [
  ["Tell", "تل", "泰勒"],
  ["Deir", "دير", "代尔"],
  ["Kafr", "كفر", "卡夫尔"],
  ["Ain", "عين", "艾因"],
  ["Jisr", "جسر", "吉斯尔"],
  ["Maarat", "معرة", "迈阿赖"],
  ["Ras", "رأس", "拉斯"],
  ["Bab", "باب", "巴卜"],
  ["Qasr", "قصر", "盖斯尔"],
  ["Wadi", "وادي", "瓦迪"],
  ["Jabal", "جبل", "杰贝勒"],
  ["Bir", "بئر", "比尔"],
  ["Umm", "أم", "乌姆"],
  ["Nahr", "نهر", "纳哈尔"],
  ["Sheikh", "الشيخ", "谢赫"],
] as const;
const TOWNS = [
  ["Saraqib", "سراقب", "萨拉基布"],
  ["Tadef", "تادف", "塔代夫"],
  ["Harim", "حارم", "哈里姆"],
  ["Salqin", "سلقين", "萨勒金"],
  ["Jableh", "جبلة", "杰卜莱"],
  ["Baniyas", "بانياس", "巴尼亚斯"],
  ["Qardaha", "القرداحة", "盖尔达哈"],
  ["Mhardeh", "محردة", "穆哈尔代"],
  ["Suqaylabiyah", "السقيلبية", "苏盖勒比耶"],
  ["Salamiyah", "السلمية", "塞莱米耶"],
  ["Nabk", "النبك", "奈卜克"],
  ["Yabroud", "يبرود", "耶卜鲁德"],
  ["Qatana", "قطنا", "盖泰纳"],
  ["Douma", "دوما", "杜马"],
  ["Madaya", "مضايا", "迈达亚"],
  ["Quneitra", "القنيطرة", "库奈特拉"],
  ["Salkhad", "صلخد", "萨勒哈德"],
  ["Mayadin", "الميادين", "迈亚丁"],
  ["Tabqa", "الطبقة", "塔卜卡"],
  ["Manbij", "منبج", "曼比季"],
  ["Azaz", "أعزاز", "阿扎兹"],
  ["Afrin", "عفرين", "阿夫林"],
  ["Jarablus", "جرابلس", "杰拉布卢斯"],
  ["Qamishli", "القامشلي", "卡米什利"],
  ["Hasakah", "الحسكة", "哈塞克"],
  ["Amuda", "عامودا", "阿穆达"],
  ["Dreikish", "الدريكيش", "德雷基什"],
  ["Haffah", "الحفة", "哈法"],
  ["Rastan", "الرستن", "拉斯坦"],
  ["Talkalakh", "تلكلخ", "泰勒凯莱赫"],
  ["Qusayr", "القصير", "古赛尔"],
  ["Nawa", "نوى", "纳瓦"],
  ["Sanamayn", "الصنمين", "塞奈迈因"],
  ["Ariha", "أريحا", "艾里哈"],
  ["Kafranbel", "كفرنبل", "卡夫兰贝勒"],
  ["Maaloula", "معلولا", "马卢拉"],
  ["Sednaya", "صيدنايا", "赛德纳亚"],
  ["Bloudan", "بلودان", "布卢丹"],
  ["Zabadani", "الزبداني", "扎巴达尼"],
  ["Qalamoun", "القلمون", "盖莱蒙"],
  ["Masyaf", "مصياف", "迈斯亚夫"],
  ["Safita", "صافيتا", "萨菲塔"],
  ["Kessab", "كسب", "凯萨卜"],
  ["Slunfeh", "صلنفة", "斯伦费"],
  ["Mashta", "مشتى", "迈什泰"],
  ["Hariri", "الحريري", "哈里里"],
  ["Mardikh", "مرديخ", "马尔迪赫"],
  ["Siman", "سمعان", "西曼"],
  ["Hamra", "الحمراء", "哈姆拉"],
  ["Abyad", "الأبيض", "阿比亚德"],
] as const;
const QUALIFIERS = [
  ["al-Kabir", "الكبير", "大"],
  ["al-Saghir", "الصغير", "小"],
  ["al-Sharqi", "الشرقي", "东"],
  ["al-Gharbi", "الغربي", "西"],
  ["al-Jadid", "الجديد", "新"],
] as const;
// Syllables for invented village names, written the three ways, so the corpus has a realistic spread of
// distinct names rather than a few dozen towns repeated: [Latin, Arabic, Chinese].
const SYLLABLES = [
  ["ka", "كا", "卡"],
  ["fa", "فا", "法"],
  ["ri", "ري", "里"],
  ["zi", "زي", "齐"],
  ["bin", "بين", "宾"],
  ["dun", "دون", "敦"],
  ["mar", "مار", "马尔"],
  ["sal", "سال", "萨勒"],
  ["ta", "تا", "塔"],
  ["nu", "نو", "努"],
  ["ha", "حا", "哈"],
  ["jib", "جيب", "吉卜"],
  ["qa", "قا", "盖"],
  ["la", "لا", "拉"],
  ["wi", "وي", "维"],
  ["yab", "ياب", "亚卜"],
  ["dis", "ديس", "迪斯"],
  ["mu", "مو", "穆"],
  ["shan", "شان", "尚"],
  ["tal", "تل", "泰勒"],
  ["kha", "خا", "哈"],
  ["sir", "سير", "西尔"],
  ["bu", "بو", "布"],
  ["dar", "دار", "达尔"],
] as const;
const LANGS = ["en", "fr", "es", "it", "tr", "ar", "zh"] as const;
// What a place is, in the seven languages (order as LANGS).
const TYPES = [
  ["Castle", "Château", "Castillo", "Castello", "Kalesi", "قلعة", "城堡"],
  ["Mosque", "Mosquée", "Mezquita", "Moschea", "Camii", "جامع", "清真寺"],
  ["Church", "Église", "Iglesia", "Chiesa", "Kilisesi", "كنيسة", "教堂"],
  ["Museum", "Musée", "Museo", "Museo", "Müzesi", "متحف", "博物馆"],
  ["Souq", "Souk", "Zoco", "Suq", "Çarşısı", "سوق", "市场"],
  ["Khan", "Caravansérail", "Caravasar", "Caravanserraglio", "Hanı", "خان", "客栈"],
  ["Bath", "Hammam", "Baño", "Bagno", "Hamamı", "حمام", "浴室"],
  ["Palace", "Palais", "Palacio", "Palazzo", "Sarayı", "قصر", "宫"],
  ["Spring", "Source", "Manantial", "Sorgente", "Pınarı", "نبع", "泉"],
  ["Bridge", "Pont", "Puente", "Ponte", "Köprüsü", "جسر", "桥"],
  ["Monastery", "Monastère", "Monasterio", "Monastero", "Manastırı", "دير", "修道院"],
  ["Hotel", "Hôtel", "Hotel", "Albergo", "Oteli", "فندق", "酒店"],
] as const;
const CITIES = [
  ["Damascus", "Damas", "Damasco", "Damasco", "Şam", "دمشق", "大马士革"],
  ["Aleppo", "Alep", "Alepo", "Aleppo", "Halep", "حلب", "阿勒颇"],
  ["Homs", "Homs", "Homs", "Homs", "Humus", "حمص", "霍姆斯"],
  ["Hama", "Hama", "Hama", "Hama", "Hama", "حماة", "哈马"],
  ["Latakia", "Lattaquié", "Latakia", "Laodicea", "Lazkiye", "اللاذقية", "拉塔基亚"],
  ["Tartus", "Tartous", "Tartus", "Tartus", "Tartus", "طرطوس", "塔尔图斯"],
  ["Idlib", "Idleb", "Idlib", "Idlib", "İdlib", "إدلب", "伊德利卜"],
  ["Raqqa", "Raqqa", "Al Raqa", "Raqqa", "Rakka", "الرقة", "拉卡"],
  ["Deir ez-Zor", "Deir ez-Zor", "Deir ez-Zor", "Deir ez-Zor", "Deyrizor", "دير الزور", "代尔祖尔"],
  ["Suwayda", "Soueïda", "Sueida", "Suwayda", "Süveyda", "السويداء", "苏韦达"],
] as const;
const SUMMARY_WORDS = [
  ["old", "stone", "garden", "river", "view", "walls", "courtyard", "dome", "market", "family", "history", "mountain"],
  ["vieux", "pierre", "jardin", "rivière", "vue", "remparts", "cour", "coupole", "marché", "famille", "histoire", "montagne"],
  ["antiguo", "piedra", "jardín", "río", "vista", "murallas", "patio", "cúpula", "mercado", "familia", "historia", "montaña"],
  ["antico", "pietra", "giardino", "fiume", "vista", "mura", "cortile", "cupola", "mercato", "famiglia", "storia", "montagna"],
  ["eski", "taş", "bahçe", "nehir", "manzara", "surlar", "avlu", "kubbe", "çarşı", "aile", "tarih", "dağ"],
  ["قديم", "حجر", "حديقة", "نهر", "إطلالة", "أسوار", "صحن", "قبة", "سوق", "عائلة", "تاريخ", "جبل"],
  ["古老", "石头", "花园", "河流", "景色", "城墙", "庭院", "穹顶", "集市", "家族", "历史", "山峦"],
] as const;

/** Spells a romanised name the way each language's writers tend to. */
function latinIn(lang: string, name: string): string {
  if (lang === "fr") return name.replace(/sh/g, "ch").replace(/u/g, "ou").replace(/j/g, "dj");
  if (lang === "tr") return name.replace(/sh/g, "ş").replace(/q/g, "k").replace(/j/g, "c").replace(/kh/g, "h");
  return name;
}

type Synthetic = PlaceDocument & { en: string; ar: string; zh: string; fr: string };

function inventedName(): readonly [string, string, string] {
  const parts = Array.from({ length: 2 + Math.floor(rnd() * 2) }, () => pick(SYLLABLES));
  const latin = parts.map((p) => p[0]).join("");
  return [latin[0]!.toUpperCase() + latin.slice(1), parts.map((p) => p[1]).join(""), parts.map((p) => p[2]).join("")];
}

/** Rare words, as real descriptions have: each summary carries a few words hardly any other place uses. */
function rareWord(l: number): string {
  const [latin, arabic, chinese] = inventedName();
  return l === 5 ? arabic : l === 6 ? chinese : latin.toLowerCase();
}

function syntheticCorpus(count: number): Synthetic[] {
  const places: Synthetic[] = [];
  for (let id = 1; id <= count; id++) {
    const town = rnd() < 0.5 ? pick(TOWNS) : inventedName();
    const prefix = rnd() < 0.6 ? pick(PREFIXES) : undefined;
    const qualifier = rnd() < 0.25 ? pick(QUALIFIERS) : undefined;
    const type = TYPES[Math.floor(rnd() * TYPES.length)]!;
    const city = pick(CITIES);
    const latin = [prefix?.[0], town[0], qualifier?.[0]].filter(Boolean).join(" ");
    const arabic = [prefix?.[1], town[1], qualifier?.[1]].filter(Boolean).join(" ");
    const chinese = `${qualifier?.[2] ?? ""}${prefix?.[2] ?? ""}${town[2]}`;
    const names = LANGS.map((lang, l) => {
      if (lang === "ar") return `${type[l]} ${arabic}`;
      if (lang === "zh") return `${chinese}${type[l]}`;
      const proper = latinIn(lang, latin);
      return lang === "tr" ? `${proper} ${type[l]}` : lang === "en" ? `${proper} ${type[l]}` : `${type[l]} de ${proper}`;
    });
    const aliases = [
      latin.replace(/q/gi, "k"),
      latin.replace(/ou/g, "u").replace(/ah\b/g, "a"),
      arabic.replace(/[أإآ]/g, "ا"),
      `${prefix?.[0] ?? ""}${town[0]}`.toLowerCase(),
    ];
    const summaries = LANGS.map((_, l) =>
      [...Array.from({ length: 14 }, () => pick(SUMMARY_WORDS[l]!)), rareWord(l), rareWord(l)].join(" "),
    );
    const service = type[0] === "Hotel";
    places.push({
      id,
      kind: service ? "service" : type[0] === "Museum" ? "culture" : "site",
      categoryId: 1 + (id % 8),
      cityId: CITIES.indexOf(city) + 1,
      serviceTypeId: service ? 1 : null,
      star: service ? 1 + Math.floor(rnd() * 5) : null,
      popularity: 1 + Math.floor(rnd() * 100),
      names,
      aliases,
      cities: [...city],
      categories: [`Category ${id % 8}`],
      summaries,
      en: names[0]!,
      fr: names[1]!,
      ar: names[5]!,
      zh: names[6]!,
    });
  }
  return places;
}

/** One random edit (substitution, deletion, insertion or transposition) in the longest word. */
function typo(text: string): string {
  const words = text.split(" ");
  const i = words.reduce((best, w, k) => (w.length > words[best]!.length ? k : best), 0);
  const w = words[i]!;
  const at = 1 + Math.floor(rnd() * (w.length - 2));
  const edit = Math.floor(rnd() * 4);
  words[i] =
    edit === 0
      ? `${w.slice(0, at)}x${w.slice(at + 1)}`
      : edit === 1
        ? w.slice(0, at) + w.slice(at + 1)
        : edit === 2
          ? `${w.slice(0, at)}e${w.slice(at)}`
          : w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
  return words.join(" ");
}

type BenchQuery = { kind: string; text: string; target: number };
function syntheticQueries(places: Synthetic[], perKind: number): BenchQuery[] {
  const out: BenchQuery[] = [];
  for (let k = 0; k < perKind; k++) {
    const p = () => pick(places);
    const a = p(),
      b = p(),
      c = p(),
      d = p(),
      e = p();
    out.push({ kind: "exact", text: a.en, target: a.id });
    const words = b.en.split(" ");
    const last = words[words.length - 1]!;
    out.push({
      kind: "prefix",
      text: [...words.slice(0, -1), last.slice(0, Math.max(2, Math.ceil(last.length / 2)))].join(" "),
      target: b.id,
    });
    out.push({ kind: "typo", text: typo(rnd() < 0.5 ? c.en : c.fr), target: c.id });
    // Arabic as people type it: no hamza, ه for ة.
    out.push({ kind: "arabic", text: d.ar.replace(/[أإآ]/g, "ا").replace(/ة/g, "ه"), target: d.id });
    out.push({ kind: "chinese", text: e.zh, target: e.id });
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const round = (x: number, digits = 3) => Number(x.toFixed(digits));

async function judged() {
  const { handle, idOf } = await realContentDatabase();
  const search = indexedSearchService(searchRepository(handle.db), contentRepository(handle.db).contentVersion);
  const queries: JudgedQuery[] = JSON.parse(readFileSync(new URL("../harness/search-queries.json", import.meta.url), "utf8"));
  const quality = await measure(queries, async (text) => (await search.search({ text, page: 1, perPage: 10 })).ids, idOf);
  await handle.close();
  return {
    places: idOf.size,
    queries: quality.queries,
    mrr: round(quality.mrr, 4),
    recallAt1: round(quality.recallAt1, 4),
    recallAt10: round(quality.recallAt10, 4),
    byLanguage: quality.byLanguage,
    misses: quality.misses,
  };
}

/** Full collections with turns of the event loop between them, so unswept garbage is not counted as live. */
async function settledMemory() {
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const m = process.memoryUsage();
  return { heap: m.heapUsed, buffers: m.arrayBuffers };
}

async function synthetic(count: number) {
  const places = syntheticCorpus(count);
  // The index keeps its postings in typed arrays, which live outside the JS heap: count both.
  const before = await settledMemory();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const index = buildIndex(places);
  const buildMs = performance.now() - started;
  const buildCpu = process.cpuUsage(cpuBefore);
  const after = await settledMemory();
  const heapMb = (after.heap - before.heap) / 1024 / 1024;
  const buffersMb = (after.buffers - before.buffers) / 1024 / 1024;

  const queries = syntheticQueries(places, 400);
  for (const q of queries.slice(0, 200)) index.search({ text: q.text, page: 1, perPage: 10 }); // warm-up
  const times: number[] = [];
  const byKind: Record<string, { times: number[]; top10: number }> = {};
  for (const q of queries) {
    const t0 = performance.now();
    const { ids } = index.search({ text: q.text, page: 1, perPage: 10 });
    const ms = performance.now() - t0;
    times.push(ms);
    const k = (byKind[q.kind] ??= { times: [], top10: 0 });
    k.times.push(ms);
    if (ids.includes(q.target)) k.top10++;
  }
  times.sort((a, b) => a - b);
  return {
    places: count,
    languages: LANGS.length,
    buildMs: round(buildMs, 1),
    buildCpuMs: round((buildCpu.user + buildCpu.system) / 1000, 1),
    memoryMb: round(heapMb + buffersMb, 1),
    heapMb: round(heapMb, 1),
    typedArraysMb: round(buffersMb, 1),
    queries: queries.length,
    p50Ms: round(percentile(times, 50)),
    p99Ms: round(percentile(times, 99)),
    maxMs: round(times[times.length - 1]!),
    byKind: Object.fromEntries(
      Object.entries(byKind).map(([kind, v]) => {
        const sorted = v.times.sort((a, b) => a - b);
        // Synthetic names repeat (same town, same type), so "found in the first ten" is the fair check here.
        return [
          kind,
          {
            queries: sorted.length,
            p50Ms: round(percentile(sorted, 50)),
            p99Ms: round(percentile(sorted, 99)),
            foundInTop10: round(v.top10 / sorted.length),
          },
        ];
      }),
    ),
    index: index.stats(),
  };
}

const result = {
  date: new Date().toISOString(),
  node: process.version,
  cpu: cpus()[0]?.model ?? "unknown",
  cores: cpus().length,
  // The machine is shared: a high load average at the start means the times below are inflated.
  loadAverageAtStart: loadavg().map((x) => round(x, 2)),
  judged: await judged(),
  synthetic: await synthetic(10_000),
};
const { misses, byLanguage, ...judgedSummary } = result.judged;
console.log("judged query set:", judgedSummary);
for (const m of misses) console.log(`  miss: ${m.language} "${m.query}" → ${m.expect} (rank ${m.rank ?? "none"}; got ${m.got.join(", ")})`);
console.log("by language:", byLanguage);
const { byKind, ...corpus } = result.synthetic;
console.log("synthetic corpus:", corpus);
console.log("by query kind:", byKind);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(new URL("./results/search.json", import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log("written bench/results/search.json");
