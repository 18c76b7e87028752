// Folds text so that what a visitor types matches what the content says, in every language of the site,
// and cuts it into the tokens the search index stores.

// Letters folded one to one after decomposition. Decomposition already splits the hamza and madda from
// أ إ آ ؤ ئ and the accents from Latin letters; what it leaves is here.
const FOLD = new Map<string, string>([
  ["ٱ", "ا"],
  ["ة", "ه"],
  ["ى", "ي"],
  // Persian and Urdu letter shapes that Arabic keyboards on some phones produce.
  ["ک", "ك"],
  ["ی", "ي"],
  ["ۀ", "ه"],
  ["ہ", "ه"],
  // Tatweel stretches a word; a lone hamza is often left out.
  ["\u0640", ""],
  ["\u0621", ""],
  ["ß", "ss"],
  ["æ", "ae"],
  ["œ", "oe"],
  ["ø", "o"],
  ["ł", "l"],
  ["đ", "d"],
  ["ð", "d"],
  ["þ", "th"],
  ["ı", "i"],
  // Every apostrophe-like mark becomes one ASCII apostrophe; tokenize() decides what it means.
  ..."’‘`´ʿʾʼ′ʻ".split("").map((ch): [string, string] => [ch, "'"]),
  ..."٠١٢٣٤٥٦٧٨٩".split("").map((ch, i): [string, string] => [ch, String(i)]),
  ..."۰۱۲۳۴۵۶۷۸۹".split("").map((ch, i): [string, string] => [ch, String(i)]),
]);
// Traditional Chinese forms of the characters Syrian place names use, so 大馬士革 finds 大马士革.
const TRADITIONAL =
  "馬頗爾亞薩羅蘭達門東車場館宮陵島灣與聖廟劇遺跡蹟區舊華麥貝龍國閣蓋瑪盧陽義鎮縣賽納婭學術藝醫鐵棧樓牆溝灘濱園廣橋壇關線莊邊陸嶼歐倫維臘敘約戰漢時雲鄉裡裏護紀寶歲歷廳堯齊濟墳祿們經圖書臺灣勝類觀點禮樂優務";
const SIMPLIFIED =
  "马颇尔亚萨罗兰达门东车场馆宫陵岛湾与圣庙剧遗迹迹区旧华麦贝龙国阁盖玛卢阳义镇县赛纳娅学术艺医铁栈楼墙沟滩滨园广桥坛关线庄边陆屿欧伦维腊叙约战汉时云乡里里护纪宝岁历厅尧齐济坟禄们经图书台湾胜类观点礼乐优务";
for (const [i, ch] of [...TRADITIONAL].entries()) FOLD.set(ch, [...SIMPLIFIED][i]);
const FOLDED = new RegExp(`[${[...FOLD.keys()].join("")}]`, "gu");
// biome-ignore lint/suspicious/noControlCharactersInRegex: the test is "only ASCII", control characters included.
const ASCII = /^[\x00-\x7f]*$/;

/** Lower-cases (Turkish dotted and dotless i alike), strips accents and Arabic marks, folds Arabic letter forms and traditional Chinese. */
export function normalize(text: string): string {
  // Most text the index reads is plain ASCII, which needs only lower-casing.
  if (ASCII.test(text)) return text.toLowerCase().replace(/`/g, "'");
  return (
    text
      .normalize("NFKC") // full-width Latin and Arabic presentation forms become ordinary letters
      .replace(/[İIı]/g, "i")
      .toLowerCase()
      .normalize("NFKD")
      // Accents, the hamza and madda split from alef, waw and ya, and the Arabic tashkeel are all marks.
      .replace(/\p{Mn}/gu, "")
      .normalize("NFC")
      .replace(FOLDED, (ch) => FOLD.get(ch) ?? ch)
  );
}

/** A token position: its canonical form first, then other forms that should match at the same place. */
export type Position = string[];

const HAN = /\p{Script=Han}/u;
const WORDS = /(\p{Script=Han}+)|[\p{L}\p{N}']+/gu;
// French and Italian elisions (d'Alep, l'Oronte, dell'Oronte): the article goes, the word stays.
const ELISIONS = new Set([
  "l",
  "d",
  "j",
  "m",
  "n",
  "s",
  "t",
  "c",
  "qu",
  "lorsqu",
  "puisqu",
  "jusqu",
  "dell",
  "nell",
  "all",
  "dall",
  "sull",
  "coll",
  "quell",
  "un",
  "bell",
]);
// Romanised Arabic articles (al-Bara, ash-Sharqi, ez-Zor): "albara" typed as one word must still match.
const LATIN_ARTICLES = new Set(["al", "el", "ad", "an", "ar", "as", "ash", "at", "az", "ed", "en", "er", "es", "esh", "ez"]);

export function isHan(token: string): boolean {
  return HAN.test(token);
}

/** Removes the Arabic article and the article fused with a preposition or conjunction (الشام, بالشام, والشام, للشام). */
export function stripArabicArticle(word: string): string {
  if (/^(وال|بال|فال|كال)/.test(word) && word.length >= 6) return word.slice(3);
  if (word.startsWith("لل") && word.length >= 5) return word.slice(2);
  if (word.startsWith("ال") && word.length >= 4) return word.slice(2);
  return word;
}

/** Apostrophes: elided articles go, transliterated ʿayn and hamza join (Qal'at → qalat), Turkish suffixes also stand alone (Halep'in → halep). */
function apostropheForms(word: string): Position {
  const parts = word.split("'").filter(Boolean);
  if (parts.length <= 1) return [parts[0] ?? ""];
  if (parts.length === 2 && ELISIONS.has(parts[0])) return [parts[1]];
  const joined = parts.join("");
  return parts.length === 2 && parts[0].length >= 3 && parts[1].length <= 3 ? [joined, parts[0]] : [joined];
}

/**
 * Splits text into positions. Latin and Arabic runs become words; Chinese runs become overlapping
 * character bigrams (a lone character stays a unigram), which match transliterated names such as
 * 帕尔米拉 that no dictionary segmenter knows, in documents and queries alike.
 */
export function tokenize(text: string): Position[] {
  const out: Position[] = [];
  let previous = "";
  for (const [run, han] of normalize(text).matchAll(WORDS)) {
    if (han) {
      const chars = [...run];
      if (chars.length === 1) out.push([run]);
      for (let i = 0; i + 1 < chars.length; i++) out.push([chars[i] + chars[i + 1]]);
      previous = "";
      continue;
    }
    let forms = run.includes("'") ? apostropheForms(run) : [run];
    if (!forms[0]) continue;
    const first = forms[0].charCodeAt(0);
    if (first >= 0x600 && first <= 0x6ff)
      forms = forms.length === 1 ? [stripArabicArticle(forms[0])] : [...new Set(forms.map(stripArabicArticle))];
    else if (LATIN_ARTICLES.has(previous)) forms = [...forms, previous + forms[0]];
    out.push(forms);
    previous = forms[0];
  }
  return out;
}

// Consonant classes shared by Latin transliterations and Arabic script: Halab, Haleb, Halep and حلب all
// become "hlb"; Tadmur, Tadmor, Tedmür and تدمر become "tdmr". Vowels, w/y, ʿayn and hamza carry too
// little for a key, and a final ah/eh (ta marbuta) is dropped.
const LATIN_DIGRAPHS: Array<[RegExp, string]> = [
  [/kh/g, "h"],
  [/gh/g, "j"],
  [/dj|zh/g, "j"],
  [/sh|ch|sch/g, "s"],
  [/th/g, "t"],
  [/dh/g, "d"],
  [/ph/g, "f"],
  [/ck|qu/g, "k"],
  [/x/g, "ks"],
];
const LATIN_LETTERS: Record<string, string> = { q: "k", c: "k", g: "j", p: "b", v: "" };
const ARABIC_LETTERS: Record<string, string> = {
  ب: "b",
  ت: "t",
  ث: "t",
  ج: "j",
  ح: "h",
  خ: "h",
  د: "d",
  ذ: "d",
  ر: "r",
  ز: "z",
  س: "s",
  ش: "s",
  ص: "s",
  ض: "d",
  ط: "t",
  ظ: "z",
  ع: "",
  غ: "j",
  ف: "f",
  ق: "k",
  ك: "k",
  ل: "l",
  م: "m",
  ن: "n",
  ه: "h",
  و: "",
  ي: "",
  ا: "",
};

/** The consonant key of a Latin or Arabic word, or "" when it is too short to tell words apart. */
export function phoneticKey(token: string): string {
  let key = "";
  if (/^[a-z]+$/.test(token)) {
    let s = token.replace(/([aeiouy])h$/, "$1");
    for (const [from, to] of LATIN_DIGRAPHS) s = s.replace(from, to);
    for (const ch of s) if (!"aeiouyw".includes(ch)) key += LATIN_LETTERS[ch] ?? ch;
  } else if (/^[\u0621-\u064A]+$/.test(token)) {
    for (const ch of token.replace(/ه$/, "")) key += ARABIC_LETTERS[ch] ?? "";
  } else return "";
  key = key.replace(/(.)\1+/g, "$1");
  return key.length >= 3 ? key : "";
}

// Generic words a visitor mixes across languages ("castle aleppo" for the Citadel of Aleppo, "kale halep"
// for Halep Kalesi). Forms are as normalize() and stripArabicArticle() leave them.
const EQUIVALENT_WORDS = [
  "castle castles citadel citadels fortress fort chateau citadelle forteresse castillo ciudadela fortaleza castello cittadella fortezza rocca kale kalesi hisar qalaat qalat qala kalat qal قلعه حصن 城堡 要塞",
  "mosque mosques masjid jami jamia mosquee mezquita moschea cami camii جامع مسجد",
  "church churches cathedral basilica chapel kanisa eglise cathedrale basilique chapelle iglesia catedral capilla chiesa cattedrale cappella kilise kilisesi katedral katedrali sapel sapeli كنيسه كاتدرائيه 教堂",
  "monastery convent deir dayr monastere couvent monasterio convento monastero manastir manastiri دير 修道",
  "museum mathaf musee museo muze muzesi متحف 博物",
  "palace palais palacio palazzo saray sarayi qasr kasr قصر",
  "souq souk suq suk market bazaar marche mercado mercato carsi carsisi سوق 市场 集市",
  "hammam hammams bath baths bathhouse bain bains bano banos bagno bagni hamam hamami حمام 浴室",
  "gate bab porte puerta porta kapi kapisi باب",
  "theatre theater amphitheatre teatro tiyatro tiyatrosu مسرح 剧场",
  "temple sanctuary templo tempio tapinak tapinagi معبد 神庙",
  "beach beaches plage playa spiaggia plaj plaji شاطي 海滩",
  "lake lac lago gol golu بحيره",
  "mount mountain jabal jebel djebel mont monte dag dagi جبل",
  "tomb tombs mausoleum shrine tombeau mausolee tumba mausoleo tomba turbe turbesi ضريح مقام 陵墓",
  "house beit bayt bait maison casa ev evi بيت 之家",
  "hotel hotels otel oteli hoteles alberghi albergo فندق 酒店",
  "restaurant restaurants restaurante ristorante lokanta restoran مطعم 餐厅",
  "cafe coffee caffe kahve kahvesi مقهي 咖啡",
  "khan caravanserai caravansérail caravanserail caravasar caravanserraglio han hani خان 客栈",
  "old ancient vieille vieux antique antigua vieja antica vecchia eski قديمه قديم 古城",
];
const EQUIVALENTS = new Map<string, string[]>();
for (const line of EQUIVALENT_WORDS) {
  const group = line.split(" ").map(normalize);
  for (const word of group)
    EQUIVALENTS.set(
      word,
      group.filter((w) => w !== word),
    );
}

/** Words that mean the same thing as this one in another language or spelling. */
export function equivalents(token: string): readonly string[] {
  return EQUIVALENTS.get(token) ?? [];
}

// Words that describe what a place is rather than which place it is: they count little when deciding
// how much of a name the visitor typed, so "Aleppo" is closer to "Ancient City of Aleppo" than to "Aleppo Citadel".
const GENERIC = new Set([
  ..."old ancient city town village quarter vieille vieux ville antique ciudad antigua vieja pueblo citta antica vecchia borgo eski sehri sehir kenti kent koyu".split(
    " ",
  ),
  ..."of the and de la le les du des del di della degli dei e y et ve".split(" "),
  "مدينه",
  "قديمه",
  "قديم",
  "بلده",
  "古城",
  "老城",
]);
export function isGeneric(token: string): boolean {
  return GENERIC.has(token);
}

/** Every form of every word of these texts, once each: what an item's names are found by in the workspace's lists. */
export function wordsOf(texts: Iterable<string>): string[] {
  const words = new Set<string>();
  for (const text of texts) for (const forms of tokenize(text)) for (const form of forms) words.add(form);
  return [...words];
}
