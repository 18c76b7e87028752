// The published content written back as content/ files (`npm run content:export`): the seed and a backup are
// one format, and loading an export changes nothing. Drafts are not exported; they are work in progress
// inside the workspace. The export is written to the audit log.
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { stringify } from "yaml";
import type { DatabaseHandle } from "../../db/engine.ts";
import { auditRepository } from "../../db/repositories/audit.ts";
import { documentsRepository } from "../../db/repositories/documents.ts";
import { filesFromDocuments, type ContentDocument } from "./documents.ts";
import { auditEntry } from "../workspace/audit-actions.ts";
import type { MediaLibrary } from "../media/library.ts";

const HEADER = "# Exported from the workspace by `npm run content:export` (see content/README.md).\n";
const write = (path: string, value: unknown) => writeFileSync(path, HEADER + stringify(value, { lineWidth: 0 }));

export async function exportContent(
  handle: DatabaseHandle,
  { to, mediaFrom, library, actor, now = new Date() }: { to: string; mediaFrom: string; library: MediaLibrary; actor: string; now?: Date },
): Promise<{ items: number }> {
  const docs = (await documentsRepository(handle.db).published()) as ContentDocument[];
  const { files, manifest } = filesFromDocuments(docs);
  // Folders of one file per place are written afresh, so a place taken off the site leaves no file behind.
  for (const folder of ["places", "culture", "services", "plan"]) {
    rmSync(join(to, folder), { recursive: true, force: true });
    mkdirSync(join(to, folder), { recursive: true });
  }
  write(join(to, "languages.yaml"), files.languages);
  write(join(to, "settings.yaml"), files.settings);
  write(join(to, "categories.yaml"), files.categories);
  write(join(to, "cities.yaml"), files.cities);
  write(join(to, "service-types.yaml"), files.serviceTypes);
  write(join(to, "gallery.yaml"), files.gallery);
  write(join(to, "experiences.yaml"), files.experiences);
  for (const { kind, ...place } of files.places) write(join(to, kind === "site" ? "places" : "culture", `${place.slug}.yaml`), place);
  for (const service of files.services) write(join(to, "services", `${service.slug}.yaml`), service);
  for (const page of files.guide) write(join(to, "plan", `${page.slug}.yaml`), page);
  write(join(to, "media.yaml"), manifest);
  write(join(to, "pictures.yaml"), files.pictures);
  write(join(to, "videos.yaml"), files.videos);
  // The pictures and media files the content names travel with it, so the export loads as it is.
  if (resolve(mediaFrom) !== resolve(join(to, "media")) && existsSync(mediaFrom)) cpSync(mediaFrom, join(to, "media"), { recursive: true });
  // The library's originals too: the export's media/library/ is where a load takes them from.
  mkdirSync(join(to, "media", "library"), { recursive: true });
  const taken = [
    ...files.pictures.map((p) => ({ slug: p.slug, file: p.file })),
    ...files.videos.flatMap((v) => [v.file, ...v.captions.map((c) => c.file)].map((file) => ({ slug: v.slug, file }))),
  ];
  for (const { slug, file } of taken) {
    const original = await library.original(file);
    if (!original) throw new Error(`the media library has lost ${file}, which ${slug} shows`);
    writeFileSync(join(to, "media", "library", file), original.body);
  }
  await auditRepository(handle.db).append(
    auditEntry(now, { id: null, email: actor }, "content.export", resolve(to), null, { items: docs.length }),
  );
  return { items: docs.length };
}
