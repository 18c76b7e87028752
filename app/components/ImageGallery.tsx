// An image gallery with a lightbox on the native <dialog> (focus kept inside, Escape closes, focus returns):
// arrow keys and swipes move between pictures, in the reading direction of the page.
import { useEffect, useRef, useState } from "react";
import { useI18n } from "../i18n/I18nProvider";
import { Picture } from "./Picture";
import { PhotoCredit } from "./PhotoCredit";
import type { ImageView } from "../lib/images";

type Item = ImageView & { caption: string };

export function ImageGallery({ images }: { images: Item[] }) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState<number | null>(null);
  const swipeStart = useRef<number | null>(null);

  const show = (i: number) => {
    setIndex(i);
    if (!dialog.current?.open) dialog.current?.showModal();
  };
  const step = (delta: number) => setIndex((i) => (i === null ? i : (i + delta + images.length) % images.length));

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const onClose = () => setIndex(null);
    el.addEventListener("close", onClose);
    return () => el.removeEventListener("close", onClose);
  }, []);

  const rtl = () => document.documentElement.dir === "rtl";
  const current = index === null ? null : images[index];
  return (
    <>
      <ul className="image-grid">
        {images.map((img, i) => (
          <li key={img.src}>
            <figure>
              <button
                type="button"
                className="image-button"
                onClick={() => show(i)}
                aria-label={t("imageGallery.open", { caption: img.caption })}
              >
                <Picture image={img} sizes="(max-width: 768px) 100vw, 33vw" inside />
              </button>
              <figcaption>
                {img.caption}
                {img.credit && <PhotoCredit credit={img.credit} />}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        className="lightbox"
        aria-label={t("imageGallery.lightbox")}
        onKeyDown={(e) => {
          if (e.key === "ArrowRight") step(rtl() ? -1 : 1);
          if (e.key === "ArrowLeft") step(rtl() ? 1 : -1);
        }}
        onPointerDown={(e) => {
          swipeStart.current = e.clientX;
        }}
        onPointerUp={(e) => {
          if (swipeStart.current === null) return;
          const dx = e.clientX - swipeStart.current;
          swipeStart.current = null;
          if (Math.abs(dx) > 50) step((dx < 0 ? 1 : -1) * (rtl() ? -1 : 1));
        }}
      >
        {current && (
          <figure>
            <Picture image={current} sizes="100vw" eager asked />
            <figcaption>
              <span>{current.caption}</span>
              {current.credit && <PhotoCredit credit={current.credit} />}
              <span className="counter">{t("imageGallery.counter", { current: (index ?? 0) + 1, total: images.length })}</span>
            </figcaption>
          </figure>
        )}
        <div className="lightbox-controls">
          <button type="button" className="button secondary" onClick={() => step(-1)}>
            {t("common.previous")}
          </button>
          <button type="button" className="button secondary" onClick={() => step(1)}>
            {t("common.next")}
          </button>
          {/* biome-ignore lint/a11y/noAutofocus: opening a modal dialog moves focus into it (WAI-ARIA dialog pattern); it returns on close. */}
          <button type="button" className="button" onClick={() => dialog.current?.close()} autoFocus>
            {t("imageGallery.close")}
          </button>
        </div>
      </dialog>
    </>
  );
}
