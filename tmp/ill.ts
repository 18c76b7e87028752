import sharp from "sharp";
import { illustrate } from "/work/main/domain/media/illustrate.ts";
import { MOTIFS } from "/work/main/domain/content/schema.ts";
const tiles = [];
for (const m of MOTIFS) tiles.push({ input: await sharp(Buffer.from(illustrate(m, m + "x"))).resize(320, 200).png().toBuffer() });
const cols = 6, rows = Math.ceil(tiles.length / cols);
await sharp({ create: { width: 320 * cols, height: 200 * rows, channels: 3, background: "#fff" } })
  .composite(tiles.map((t, i) => ({ ...t, left: (i % cols) * 320, top: Math.floor(i / cols) * 200 }))).png().toFile("/tmp/motifs.png");
