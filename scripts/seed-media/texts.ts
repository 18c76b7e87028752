// The seed media's texts, from content files: the clips and title patterns of content/media/seed-media.yaml
// (what an editor or translator changes, so it is not code), and the place names of the places' own files.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { MOTIFS, slug, translatedComplete as translated, type CompleteText as Translated } from "../../domain/content/schema.ts";
import { readContent } from "../../domain/content/files.ts";
import { LANGUAGE_CODES } from "../../shared/languages.ts";

const withName = translated.refine((t) => Object.values(t).every((s) => s.includes("{name}")), "each language needs {name}");

// A clip's pictures (frames: motif and image key) stay beside its cues, not in code: the cues describe
// those pictures, and the keys are the place's own image keys, so an editor changes them together.
// The panoramas' places stay in code (panoramas.ts): each is bound to its own drawing.
const seedClip = z
  .object({
    file: slug,
    place: slug,
    frames: z.array(z.object({ motif: z.enum(MOTIFS), key: z.string() }).strict()).length(3),
    /** When absent, the video title pattern with the place's name. */
    title: translated.optional(),
    cues: z.array(translated).min(1),
  })
  .strict();

const seedMediaFile = z
  .object({
    titles: z.object({ video: withName, panorama: withName }).strict(),
    clips: z.array(seedClip),
  })
  .strict();

/** A clip as the file gives it, with its title always filled in. */
export type Clip = z.infer<typeof seedClip> & { title: Translated };

export function readSeedMediaTexts(contentDir: string) {
  const file = seedMediaFile.parse(parse(readFileSync(join(contentDir, "media", "seed-media.yaml"), "utf8")));
  const names = new Map(readContent(contentDir).places.map((p) => [p.slug, p.name]));
  const titled = (pattern: Translated, place: string): Translated => {
    const name = names.get(place);
    if (!name) throw new Error(`seed-media.yaml names a place that has no content file: ${place}`);
    return Object.fromEntries(LANGUAGE_CODES.map((l) => [l, pattern[l].replace("{name}", name[l] ?? name.en)])) as Translated;
  };
  const clips: Clip[] = file.clips.map((c) => ({ ...c, title: c.title ?? titled(file.titles.video, c.place) }));
  return { clips, panoramaTitle: (place: string) => titled(file.titles.panorama, place) };
}
