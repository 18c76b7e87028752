// The image pipeline every picture goes through: one source image in, AVIF and WebP at several widths out,
// with content-hashed names (served immutable), intrinsic size and a dominant colour as placeholder.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export const IMAGE_FORMATS = ["avif", "webp"] as const;
/** Bump when the encoding settings change, so every cached variant is made again. */
const PIPELINE_VERSION = "1";

export type ImageVariant = { format: (typeof IMAGE_FORMATS)[number]; width: number; height: number; src: string };
export type ProcessedImage = {
  /** The default variant (WebP, middle width): what the compatible API hands to the mobile app. */
  src: string;
  width: number;
  height: number;
  placeholder: string;
  variants: ImageVariant[];
};

/**
 * Processes one image into `outDir` (served at `urlPrefix`). Re-running on the same bytes reuses the
 * files already made, so loading content twice encodes nothing.
 */
export async function processImage(
  source: Buffer,
  name: string,
  { outDir, urlPrefix }: { outDir: string; urlPrefix: string },
): Promise<ProcessedImage> {
  const hash = createHash("sha256").update(PIPELINE_VERSION).update(source).digest("hex").slice(0, 12);
  const base = `${name}.${hash}`;
  const manifestPath = join(outDir, `${base}.json`);
  if (existsSync(manifestPath)) return JSON.parse(readFileSync(manifestPath, "utf8"));

  mkdirSync(outDir, { recursive: true });
  // Decode (or, for SVG, rasterise) once; every variant is resized from the same pixels.
  const decoded = await sharp(source, { density: 72 }).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(decoded.data, { raw: decoded.info });
  const { dominant } = await pixels().stats();
  const sourceWidth = decoded.info.width;
  const sourceHeight = decoded.info.height;
  const widths = IMAGE_WIDTHS.filter((w, i) => w <= sourceWidth || i === 0);
  const variants: ImageVariant[] = [];
  for (const width of widths) {
    const height = Math.round((sourceHeight * width) / sourceWidth);
    const resized = pixels().resize(width, height);
    for (const format of IMAGE_FORMATS) {
      const file = `${base}.${width}.${format}`;
      // effort 1 keeps a first start of the whole seed to a couple of minutes on two cores.
      const encoded = format === "avif" ? resized.clone().avif({ quality: 50, effort: 1 }) : resized.clone().webp({ quality: 75 });
      writeFileSync(join(outDir, file), await encoded.toBuffer());
      variants.push({ format, width, height, src: `${urlPrefix}/${file}` });
    }
  }
  const main = variants.find((v) => v.format === "webp" && v.width === 960) ?? variants.find((v) => v.format === "webp")!;
  const toHex = (n: number) => n.toString(16).padStart(2, "0");
  const result: ProcessedImage = {
    src: main.src,
    width: main.width,
    height: main.height,
    placeholder: `#${toHex(dominant.r)}${toHex(dominant.g)}${toHex(dominant.b)}`,
    variants,
  };
  writeFileSync(manifestPath, JSON.stringify(result));
  return result;
}
