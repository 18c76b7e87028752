// A carousel on CSS scroll snapping: swipeable and scrollable without script, with previous/next buttons
// that scroll by one card. No library: the browser does the physics, and the JavaScript stays small.
import { Children, useRef } from "react";
import { useI18n } from "../i18n/I18nProvider";

export function Carousel({ label, children }: { label: string; children: React.ReactNode }) {
  const { t } = useI18n();
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const card = el.querySelector("li");
    const step = (card?.getBoundingClientRect().width ?? el.clientWidth) + 16;
    // In a right-to-left page "next" runs towards the left.
    const rtl = getComputedStyle(el).direction === "rtl";
    el.scrollBy({
      left: direction * step * (rtl ? -1 : 1),
      behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
    });
  };
  return (
    // A group, not a region: the section around it is already the landmark with this name. A fieldset (what
    // the linter suggests for role="group") is for form controls; the APG carousel pattern uses a group.
    // biome-ignore lint/a11y/useSemanticElements: see above.
    <div className="carousel" role="group" aria-roledescription={t("common.carousel")} aria-label={label}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so keyboard users can scroll it (WCAG 2.1.1, axe's scrollable-region-focusable). */}
      <ul className="carousel-track" ref={track} tabIndex={0}>
        {Children.map(children, (child) => (
          <li className="carousel-slide">{child}</li>
        ))}
      </ul>
      <div className="carousel-controls">
        <button type="button" className="icon-button" onClick={() => scroll(-1)} aria-label={t("common.previous")}>
          <svg className="flip-rtl" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <button type="button" className="icon-button" onClick={() => scroll(1)} aria-label={t("common.next")}>
          <svg className="flip-rtl" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
    </div>
  );
}
