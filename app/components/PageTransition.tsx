// Route-change behaviour of SPEC.md: a 500 ms overlay on every path change, a loading bar while data
// loads, scroll to top unless the URL has a hash, and focus moved to the new page's heading.
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { BrandMark } from "./BrandMark";
import { useI18n } from "../i18n/I18nProvider";

const OVERLAY_MS = 500;

export function PageTransition() {
  const { t } = useI18n();
  const location = useLocation();
  const navigation = useNavigation();
  // The path the overlay is shown for. It is set while rendering the new path (React's way of adjusting
  // state to a changed input), so the overlay is in the same commit, and the same frame, as the new page;
  // set in an effect it came one paint late, and a fade-in delayed it further.
  const [renderedPath, setRenderedPath] = useState(location.pathname);
  const [overlayFor, setOverlayFor] = useState<string | null>(null);
  if (renderedPath !== location.pathname) {
    setRenderedPath(location.pathname);
    setOverlayFor(location.pathname);
  }

  useEffect(() => {
    if (!overlayFor) return;
    const timer = setTimeout(() => setOverlayFor(null), OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [overlayFor]);

  const previousPath = useRef(location.pathname);
  useEffect(() => {
    if (previousPath.current === location.pathname) return;
    previousPath.current = location.pathname;
    if (!location.hash) window.scrollTo(0, 0);
    // Screen-reader and keyboard users start at the new page's heading.
    const heading = document.querySelector<HTMLElement>("main h1");
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: !!location.hash });
    }
  }, [location.pathname, location.hash]);

  // While data loads, the loading bar says so; the overlay belongs to the path change alone (SPEC.md §4).
  const loading = navigation.state !== "idle";
  return (
    <>
      <div
        className={`loading-bar${loading ? " is-active" : ""}`}
        role="progressbar"
        aria-hidden={!loading}
        aria-label={t("common.loading")}
      />
      {overlayFor && (
        <div className="page-overlay" aria-hidden="true">
          <BrandMark animated className="overlay-mark" />
        </div>
      )}
    </>
  );
}
