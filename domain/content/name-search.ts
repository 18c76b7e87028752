// Finding an item by name in the workspace's lists as the site's search finds a place: in any of the seven
// languages, folded alike (Arabic letter forms and the article, accents, Turkish i, Chinese forms; see
// shared/search/normalize.ts), each word typed matching the beginning of one of the item's words, or a word
// within the search's typo allowance of it (one edit from 4 letters, two from 8 where the keys meet).
import type { NameQuery } from "../../db/repositories/like.ts";
import type { VocabularyRepository } from "../../db/repositories/vocabulary.ts";
import { tokenize } from "../../shared/search/normalize.ts";
import { allowedEdits, boundedDistance, mayHaveTypos, wordKeys } from "../../shared/search/typos.ts";

/** Words typed beyond these are not looked for: a name is a few words, and each adds a scan of the column. */
const MAX_WORDS = 8;

/**
 * The names query for what an editor typed: undefined when nothing was typed, and one that matches nothing
 * (no words) when what was typed has no word in it ("%", "-").
 */
export async function nameQuery(text: string | undefined, vocabulary: VocabularyRepository): Promise<NameQuery | undefined> {
  if (!text?.trim()) return undefined;
  const positions = tokenize(text).slice(0, MAX_WORDS);
  if (positions.length === 0) return [];
  const typed = [...new Set(positions.flat())].filter(mayHaveTypos);
  const near = typed.length ? await vocabulary.near(typed.flatMap(wordKeys)) : [];
  return positions.map((forms) => ({
    beginnings: forms,
    words: near.filter((word) =>
      forms.some((form) => mayHaveTypos(form) && boundedDistance(form, word, allowedEdits(form.length)) <= allowedEdits(form.length)),
    ),
  }));
}
