import sharp from "sharp";
import { illustrate } from "../domain/media/illustrate.ts";
const svg = Buffer.from(illustrate("mosque", "zz"));
let t = performance.now();
const raw = await sharp(svg, { density: 72 }).raw().toBuffer({ resolveWithObject: true });
console.log("render", performance.now() - t);
for (const w of [480, 960, 1600]) for (const f of ["avif", "webp"]) for (const effort of f === "avif" ? [0, 2, 4] : [4]) {
  t = performance.now();
  const img = sharp(raw.data, { raw: raw.info }).resize(w);
  const b = await (f === "avif" ? img.avif({ quality: 50, effort }) : img.webp({ quality: 75 })).toBuffer();
  console.log(w, f, effort, Math.round(performance.now() - t), "ms", b.length);
}
