// The words of the content's names, each under its keys (wordKeys: the word, and the word with one letter
// left out; migration 017): what a misspelt name typed in the workspace's lists is corrected to, found by an
// indexed lookup. Words are only ever added: a word no item has any more finds nothing in the names column
// (documents.ts), and costs only its few rows.
import type { Db } from "../engine.ts";
import { inBatches } from "./batches.ts";
import { mayHaveTypos, wordKeys } from "../../shared/search/typos.ts";

export function vocabularyRepository(db: Db) {
  return {
    /** Adds the words (of those that may have typos) not there yet, with their keys. */
    async remember(words: Iterable<string>): Promise<void> {
      const wanted = [...new Set(words)].filter(mayHaveTypos);
      const known = new Set<string>();
      for (const batch of inBatches(wanted))
        for (const r of await db
          .selectFrom("content_words")
          .select("word")
          .where("key", "in", batch)
          .whereRef("key", "=", "word")
          .execute())
          known.add(r.word);
      const rows = wanted.filter((w) => !known.has(w)).flatMap((word) => wordKeys(word).map((key) => ({ key, word })));
      // Two parameters a row: a batch stays under the engines' limits.
      for (const batch of inBatches(rows))
        await db
          .insertInto("content_words")
          .values(batch)
          .onConflict((oc) => oc.columns(["key", "word"]).doNothing())
          .execute();
    },
    /** The words filed under any of these keys. */
    async near(keys: string[]): Promise<string[]> {
      const words = new Set<string>();
      for (const batch of inBatches(keys))
        for (const r of await db.selectFrom("content_words").select("word").distinct().where("key", "in", batch).execute())
          words.add(r.word);
      return [...words];
    },
  };
}

export type VocabularyRepository = ReturnType<typeof vocabularyRepository>;
