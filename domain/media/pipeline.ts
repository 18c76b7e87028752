// The image pipeline every picture goes through: one source image in, AVIF and WebP at several widths out,
// with content-hashed names (served immutable), intrinsic size and a dominant colour as placeholder.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

const IMAGE_WIDTHS = [480, 960, 1600] as const;
const IMAGE_FORMATS = ["avif", "webp"] as const;
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

/** An encoded picture: its description, and the files (variants) that make it, by file name. */
export type EncodedImage = { image: ProcessedImage; files: Array<{ name: string; body: Buffer }> };

/** The name every file of one source picture starts with: its name and a hash of its bytes and the settings. */
export function imageBase(source: Uint8Array, name: string): string {
  return `${name}.${createHash("sha256").update(PIPELINE_VERSION).update(source).digest("hex").slice(0, 12)}`;
}

/**
 * Encodes one picture: AVIF and WebP at each width up to the source's, served at `urlPrefix`. The pixels are
 * re-encoded from scratch, so no metadata of the source (EXIF, GPS position, camera serial) reaches a visitor.
 */
export async function encodeImage(source: Uint8Array, name: string, urlPrefix: string): Promise<EncodedImage> {
  const base = imageBase(source, name);
  // Decode (or, for SVG, rasterise) once; every variant is resized from the same pixels.
  const decoded = await sharp(source, { density: 72 }).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(decoded.data, { raw: decoded.info });
  const { dominant } = await pixels().stats();
  const sourceWidth = decoded.info.width;
  const sourceHeight = decoded.info.height;
  const widths = IMAGE_WIDTHS.filter((w, i) => w <= sourceWidth || i === 0);
  const variants: ImageVariant[] = [];
  const files: EncodedImage["files"] = [];
  for (const width of widths) {
    const height = Math.round((sourceHeight * width) / sourceWidth);
    const resized = pixels().resize(width, height);
    for (const format of IMAGE_FORMATS) {
      const file = `${base}.${width}.${format}`;
      // effort 1 keeps a first start of the whole seed to a couple of minutes on two cores.
      const encoded = format === "avif" ? resized.clone().avif({ quality: 50, effort: 1 }) : resized.clone().webp({ quality: 75 });
      files.push({ name: file, body: await encoded.toBuffer() });
      variants.push({ format, width, height, src: `${urlPrefix}/${file}` });
    }
  }
  const main = variants.find((v) => v.format === "webp" && v.width === 960) ?? variants.find((v) => v.format === "webp");
  if (!main) throw new Error(`No WebP variant was made of ${base}`);
  const toHex = (n: number) => n.toString(16).padStart(2, "0");
  const image: ProcessedImage = {
    src: main.src,
    width: main.width,
    height: main.height,
    placeholder: `#${toHex(dominant.r)}${toHex(dominant.g)}${toHex(dominant.b)}`,
    variants,
  };
  return { image, files };
}

/**
 * Processes one image into `outDir` (served at `urlPrefix`). Re-running on the same bytes reuses the
 * files already made, so loading content twice encodes nothing.
 */
export async function processImage(
  source: Buffer,
  name: string,
  { outDir, urlPrefix }: { outDir: string; urlPrefix: string },
): Promise<ProcessedImage> {
  const manifestPath = join(outDir, `${imageBase(source, name)}.json`);
  if (existsSync(manifestPath)) return JSON.parse(readFileSync(manifestPath, "utf8"));
  const { image, files } = await encodeImage(source, name, urlPrefix);
  mkdirSync(outDir, { recursive: true });
  for (const file of files) writeFileSync(join(outDir, file.name), file.body);
  writeFileSync(manifestPath, JSON.stringify(image));
  return image;
}
