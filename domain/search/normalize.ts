// Folds text so that what a visitor types matches what the content says, in every language of the site.

const ARABIC_FOLD: Record<string, string> = { "أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ة": "ه", "ى": "ي", "ؤ": "و", "ئ": "ي" };
// Arabic diacritics (tashkeel), superscript alef and tatweel carry no meaning for search.
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

/** Lower-cases (Turkish dotted and dotless i alike), strips accents and folds Arabic letter forms. */
export function normalize(text: string): string {
  return text
    .replace(/[İIı]/g, "i")
    .toLowerCase()
    .normalize("NFKD")
    // Decomposition splits accents and the hamza/madda of أ إ آ from their letters; dropping the marks folds both.
    .replace(/\p{Mn}/gu, "")
    .normalize("NFC")
    .replace(ARABIC_MARKS, "")
    .replace(/[أإآٱةىؤئ]/g, (ch) => ARABIC_FOLD[ch] ?? ch)
    .replace(/[''`´ʿʾ]/g, "")
    .replace(/ß/g, "ss");
}

const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
const HAN = /\p{Script=Han}/u;

/** Splits folded text into search tokens; Chinese runs become words and single characters. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(normalize(text))) {
    if (!isWordLike) continue;
    if (HAN.test(segment)) {
      out.push(segment);
      if (segment.length > 1) for (const ch of segment) out.push(ch);
    } else {
      for (const part of segment.split(/[^\p{L}\p{N}]+/u)) if (part) out.push(part);
    }
  }
  return out;
}
