// Route-change behaviour of SPEC.md: a 500 ms overlay on every path change, a loading bar while data
// loads, scroll to top unless the URL has a hash, and focus moved to the new page's heading.
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { BrandMark } from "./BrandMark";
import { useI18n } from "../i18n/context";

const OVERLAY_MS = 500;

export function PageTransition() {
  const { t } = useI18n();
  const location = useLocation();
  const navigation = useNavigation();
  const [overlay, setOverlay] = useState(false);
  const previousPath = useRef(location.pathname);

  useEffect(() => {
    if (previousPath.current === location.pathname) return;
    previousPath.current = location.pathname;
    setOverlay(true);
    const timer = setTimeout(() => setOverlay(false), OVERLAY_MS);
    if (!location.hash) window.scrollTo(0, 0);
    // Screen-reader and keyboard users start at the new page's heading.
    const heading = document.querySelector<HTMLElement>("main h1");
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: !!location.hash });
    }
    return () => clearTimeout(timer);
  }, [location.pathname, location.hash]);

  const loading = navigation.state !== "idle";
  return (
    <>
      <div className={`loading-bar${loading ? " is-active" : ""}`} role="progressbar" aria-hidden={!loading} aria-label={t("common.loading")} />
      {(overlay || loading) && (
        <div className="page-overlay" aria-hidden="true">
          <BrandMark animated className="overlay-mark" />
        </div>
      )}
    </>
  );
}
