// A responsive picture: AVIF and WebP at several widths, intrinsic size (no layout shift), a colour placeholder.
import type { ImageView } from "../lib/images";

export function Picture({
  image,
  sizes = "(max-width: 768px) 100vw, 33vw",
  eager = false,
  className,
  alt,
}: {
  image: ImageView;
  sizes?: string;
  eager?: boolean;
  className?: string;
  alt?: string;
}) {
  return (
    <picture className={className}>
      {image.avif && <source type="image/avif" srcSet={image.avif} sizes={sizes} />}
      {image.webp && <source type="image/webp" srcSet={image.webp} sizes={sizes} />}
      <img
        src={image.src}
        width={image.width}
        height={image.height}
        alt={alt ?? image.alt}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
        style={{ backgroundColor: image.placeholder }}
      />
    </picture>
  );
}
