// A responsive picture: AVIF and WebP at several widths, intrinsic size (no layout shift), a colour placeholder.
// A visitor saving data (Save-Data, or a 2G connection: root.tsx) gets each picture's room and colour only, and
// the picture when they tap it; a picture inside a card or a gallery's button waits for that to be opened.
import { createContext, useContext, useState } from "react";
import type { ImageView } from "../lib/images";
import { useI18n } from "../i18n/I18nProvider";

/** Whether pictures wait for a tap on this page (the visitor's browser asks to save data). */
export const PicturesWait = createContext(false);

export function Picture({
  image,
  sizes = "(max-width: 768px) 100vw, 33vw",
  eager = false,
  className,
  alt,
  asked = false,
  inside = false,
}: {
  image: ImageView;
  sizes?: string;
  eager?: boolean;
  className?: string;
  alt?: string;
  /** Shown even while pictures wait: the visitor opened this one. */
  asked?: boolean;
  /** Inside a link or a button, where it cannot be a button itself: it waits for what holds it to be opened. */
  inside?: boolean;
}) {
  const { t } = useI18n();
  const [tapped, setTapped] = useState(false);
  const text = alt ?? image.alt;
  if (useContext(PicturesWait) && !asked && !tapped) {
    const room = {
      className: className ? `picture-waiting ${className}` : "picture-waiting",
      style: { "--picture-ratio": `${image.width} / ${image.height}`, backgroundColor: image.placeholder } as React.CSSProperties,
    };
    if (inside) return text ? <span role="img" aria-label={text} {...room} /> : <span aria-hidden="true" {...room} />;
    return (
      <button type="button" {...room} onClick={() => setTapped(true)}>
        <span className="picture-show">{t("dataSaver.show")}</span>
        {text && <span className="visually-hidden">: {text}</span>}
      </button>
    );
  }
  return (
    <picture className={className}>
      {image.avif && <source type="image/avif" srcSet={image.avif} sizes={sizes} />}
      {image.webp && <source type="image/webp" srcSet={image.webp} sizes={sizes} />}
      <img
        src={image.src}
        width={image.width}
        height={image.height}
        alt={text}
        loading={eager || tapped ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
        style={{ backgroundColor: image.placeholder }}
      />
    </picture>
  );
}
