// The published content written back as content/ files (`npm run content:export`): the seed and a backup are
// one format, and loading an export changes nothing. Drafts are not exported; they are work in progress
// inside the workspace. The export is written to the audit log. The places (tens of thousands) are read and
// written a page at a time, so an export's memory does not grow with the site.
import { closeSync, cpSync, existsSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { stringify } from "yaml";
import type { DatabaseHandle } from "../../db/engine.ts";
import { auditRepository } from "../../db/repositories/audit.ts";
import { documentsRepository } from "../../db/repositories/documents.ts";
import { versionsRepository } from "../../db/repositories/versions.ts";
import { DOCUMENT_TYPES, type DocumentType, FOLDER_TYPES, filesFromDocuments, type ContentDocument } from "./documents.ts";
import { auditEntry } from "../workspace/audit-actions.ts";
import type { MediaLibrary } from "../media/library.ts";

const HEADER = "# Exported from the workspace by `npm run content:export` (see content/README.md).\n";
const write = (path: string, value: unknown) => writeFileSync(path, HEADER + stringify(value, { lineWidth: 0 }));

/** Places read and written at a time. */
const PAGE = 500;
/** Where each kind of place has its files. */
const FOLDER_OF = { site: "places", culture: "culture", service: "services" } as const;

export async function exportContent(
  handle: DatabaseHandle,
  {
    to,
    mediaFrom,
    library,
    actor,
    now = new Date(),
    progress = () => {},
  }: {
    to: string;
    mediaFrom: string;
    library: MediaLibrary;
    actor: string;
    now?: Date;
    progress?: (step: "exporting", done: number, total: number) => void;
  },
): Promise<{ items: number }> {
  const documents = documentsRepository(handle.db);
  const siteTypes = Object.keys(DOCUMENT_TYPES).filter((t) => !FOLDER_TYPES.includes(t as DocumentType));
  const docs = (await documents.published(siteTypes)) as ContentDocument[];
  const { files, manifest } = filesFromDocuments(docs);
  // Folders of one file per place are written afresh, so a place taken off the site leaves no file behind.
  for (const folder of ["places", "culture", "services", "plan", "events", "itineraries"]) {
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
  let places = 0;
  const total = await documents.countPublished(FOLDER_TYPES);
  for (const type of FOLDER_TYPES) {
    for (let after = ""; ; ) {
      const page = await documents.publishedPage(type, after, PAGE);
      const last = page.at(-1);
      if (!last) break;
      for (const { slug, body } of page) write(join(to, FOLDER_OF[type as keyof typeof FOLDER_OF], `${slug}.yaml`), body);
      places += page.length;
      progress("exporting", places, total);
      after = last.slug;
    }
  }
  for (const page of files.guide) write(join(to, "plan", `${page.slug}.yaml`), page);
  for (const event of files.events) write(join(to, "events", `${event.slug}.yaml`), event);
  for (const route of files.itineraries) write(join(to, "itineraries", `${route.slug}.yaml`), route);
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
  await exportVersions(handle, join(to, "history", "versions.jsonl"));
  await auditRepository(handle.db).append(
    auditEntry(now, { id: null, email: actor }, "content.export", resolve(to), null, { items: docs.length + places }),
  );
  return { items: docs.length + places };
}

/**
 * Every version the site has shown (decision 027), one JSON object a line, in the order they were kept: the
 * record of what was published when, and by whom. A load does not read it: the files beside it are the content.
 */
async function exportVersions(handle: DatabaseHandle, file: string) {
  const versions = versionsRepository(handle.db);
  mkdirSync(dirname(file), { recursive: true });
  const out = openSync(file, "w");
  try {
    for (let after = 0; ; ) {
      const page = await versions.after(after, PAGE);
      const last = page.at(-1);
      if (!last) break;
      writeSync(out, page.map(({ id: _, ...v }) => `${JSON.stringify(v)}\n`).join(""));
      after = last.id;
    }
  } finally {
    closeSync(out);
  }
}
