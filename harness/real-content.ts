// Loads the real content folder into a fresh in-memory SQLite through the real loader, with one fixed
// picture for every image: search (and anything else that only reads texts) does not need encoded images.
import { fileURLToPath } from "node:url";
import { openDatabase, type DatabaseHandle } from "../db/engine.ts";
import { migrate } from "../db/migrate.ts";
import { contentRepository } from "../db/repositories/content.ts";
import { readContent } from "../domain/content/files.ts";
import type { ContentImage } from "../domain/content/load.ts";
import { loadContent } from "../domain/content/loading.ts";

export const CONTENT_DIR = fileURLToPath(new URL("../content", import.meta.url));

/** One fixed picture for every image, where only texts matter. */
export const FIXED_PICTURE: ContentImage = {
  src: "/media/fixed.webp",
  width: 960,
  height: 640,
  placeholder: "#c8a878",
  variants: [],
  photograph: false,
};

export async function realContentDatabase(contentDir = CONTENT_DIR): Promise<{ handle: DatabaseHandle; idOf: Map<string, number> }> {
  const files = readContent(contentDir);

  const handle = openDatabase({ sqlitePath: ":memory:" });
  await migrate(handle);
  await loadContent(handle, files, { image: async () => FIXED_PICTURE, manifest: {} });
  const { items } = await contentRepository(handle.db).places("en", {});
  return { handle, idOf: new Map(items.map((p) => [p.slug, p.id])) };
}
