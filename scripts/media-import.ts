// Brings the ministry's photographs in: `npm run media:import -- <folder>`. Each file is named after the
// picture it replaces (the keys listed by --list, e.g. palmyra-1.jpg, city-aleppo.jpg); it is checked,
// copied to content/media/photos/, and the next `npm run content:load` sends it through the image pipeline.
import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { extname, join, basename } from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { readContent } from "../domain/content/files.ts";
import { imageKeys } from "../domain/content/load.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { list: { type: "boolean" }, content: { type: "string" } },
});
const contentFolder = values.content ?? "content";
const keys = new Set(imageKeys(readContent(contentFolder)).map((k) => k.key));
if (values.list) {
  console.log([...keys].sort().join("\n"));
  process.exit(0);
}
const folder = positionals[0];
if (!folder) {
  console.error("usage: npm run media:import -- <folder>   (or --list to see the picture names)");
  process.exit(2);
}
const target = join(contentFolder, "media", "photos");
mkdirSync(target, { recursive: true });
let imported = 0;
const problems: string[] = [];
for (const file of readdirSync(folder).sort()) {
  const ext = extname(file).toLowerCase();
  if (![".jpg", ".jpeg", ".png", ".webp", ".avif"].includes(ext)) continue;
  const key = basename(file, extname(file));
  if (!keys.has(key)) {
    problems.push(`${file}: no picture is called "${key}" (see --list)`);
    continue;
  }
  const meta = await sharp(join(folder, file))
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) {
    problems.push(`${file}: not a readable image`);
    continue;
  }
  if (meta.width < 960) problems.push(`${file}: ${meta.width} px wide; at least 960 px is needed for sharp pictures (imported anyway)`);
  copyFileSync(join(folder, file), join(target, `${key}${ext === ".jpeg" ? ".jpg" : ext}`));
  imported++;
}
for (const p of problems) console.log(`- ${p}`);
console.log(`${imported} photograph(s) imported into ${target}; run \`npm run content:load\` to publish them.`);
process.exitCode = problems.some((p) => !p.includes("imported anyway")) ? 1 : 0;
