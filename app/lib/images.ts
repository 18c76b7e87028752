// The picture data the UI needs from a media row: sources for <picture>, intrinsic size, placeholder, text.
import type { ImageVariant, MediaDetails } from "../../domain/content/media-details";
import type { Credit } from "../../shared/licences";

export type ImageView = {
  src: string;
  width: number;
  height: number;
  placeholder: string;
  avif: string;
  webp: string;
  alt: string;
  /** A library photograph's author and licence, shown with it; absent for the drawn illustrations. */
  credit?: Credit;
};

export function imageView(
  row: { src: string; width: number | null; height: number | null; details: MediaDetails; title?: string; description?: string },
  alt = "",
): ImageView {
  const { details } = row;
  const set = (format: ImageVariant["format"]) =>
    details.variants
      .filter((v) => v.format === format)
      .map((v) => `${v.src} ${v.width}w`)
      .join(", ");
  return {
    src: row.src,
    width: row.width ?? 960,
    height: row.height ?? 600,
    placeholder: details.placeholder ?? "#d8cbb3",
    avif: set("avif"),
    webp: set("webp"),
    alt: row.description || row.title || alt,
    ...(details.credit ? { credit: details.credit } : {}),
  };
}
