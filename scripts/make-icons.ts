// Writes the installed app's icons (public/icons/) from the site's mark (public/favicon.svg): the sizes the web
// app manifest names, and a maskable one with the safe margin Android crops to. Run after changing the mark.
import sharp from "sharp";

const mark = "public/favicon.svg";
for (const size of [192, 512]) await sharp(mark, { density: 600 }).resize(size, size).png().toFile(`public/icons/icon-${size}.png`);
// Maskable: the mark in the middle 80 %, on the mark's own green, so any crop shape keeps it whole.
const inner = Math.round(512 * 0.8);
await sharp({ create: { width: 512, height: 512, channels: 4, background: "#14532d" } })
  .composite([{ input: await sharp(mark, { density: 600 }).resize(inner, inner).png().toBuffer(), gravity: "centre" }])
  .png()
  .toFile("public/icons/maskable-512.png");
