// The navigation bar of SPEC.md: logo, links (anchors on the home page, routes elsewhere), language
// switcher, search box on the home page only, and the mobile menu with its five ways of closing.
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useI18n } from "../i18n/I18nProvider";
import { localePath, splitLanguage } from "../lib/paths";
import { LocalLink } from "./LocalLink";
import { BrandMark } from "./BrandMark";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { SearchBox } from "./search/SearchBox";
import type { LanguageOption } from "../lib/language";

const SCROLLED_AFTER_PX = 20;
const MOBILE_BREAKPOINT_PX = 768;

/** Link targets: [key, anchor on the home page or null, route elsewhere]. */
const LINKS: Array<[string, string | null, string]> = [
  ["home", "#home", "/"],
  ["destination", "#destinations", "/destinations"],
  ["services", "#experiences", "/experiences"],
  ["culture", "#culture", "/culture"],
  ["about", null, "/about"],
  ["contact", null, "/contact"],
];

export function Navbar({ languages, variant }: { languages: LanguageOption[]; variant?: "services" }) {
  const { t, language } = useI18n();
  const location = useLocation();
  const isHome = splitLanguage(location.pathname).path === "/";
  const [open, setOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const menuId = useId();

  useEffect(() => {
    const onScroll = () => {
      setScrolled(window.scrollY > SCROLLED_AFTER_PX);
      setOpen(false);
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger: the menu closes when it changes.
  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onResize = () => {
      if (window.innerWidth > MOBILE_BREAKPOINT_PX) setOpen(false);
    };
    const onDown = (e: MouseEvent) => {
      if (!nav.current?.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener("resize", onResize);
    document.addEventListener("mousedown", onDown);
    // Lock page scrolling while the mobile menu is open; restore it on close.
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      window.removeEventListener("resize", onResize);
      document.removeEventListener("mousedown", onDown);
      document.body.style.overflow = previous;
    };
  }, [open]);

  return (
    <header className={`navbar${scrolled ? " is-scrolled" : ""}${variant ? ` navbar-${variant}` : ""}`}>
      <LocalLink to="/" className="brand" aria-label={t("navbar.homeLabel")}>
        <BrandMark />
        <span className="brand-name">{t("common.siteName")}</span>
      </LocalLink>
      <nav aria-label={t("navbar.label")} className="nav" ref={nav}>
        <button
          type="button"
          className="icon-button menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? t("navbar.closeMenu") : t("navbar.openMenu")}
          onClick={() => setOpen(!open)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d={open ? "M5 5l14 14M19 5L5 19" : "M3 6h18M3 12h18M3 18h18"}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <ul id={menuId} className={`nav-links${open ? " is-open" : ""}`}>
          {LINKS.map(([key, anchor, route]) => (
            <li key={key}>
              {isHome && anchor ? (
                <a href={anchor} onClick={() => setOpen(false)}>
                  {t(`navbar.${key}`)}
                </a>
              ) : (
                <LocalLink
                  to={route}
                  onClick={() => setOpen(false)}
                  aria-current={splitLanguage(location.pathname).path === route ? "page" : undefined}
                >
                  {t(`navbar.${key}`)}
                </LocalLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="nav-tools">
        {isHome && <SearchBox />}
        <LanguageSwitcher languages={languages} />
      </div>
      <a className="skip-link" href={`${localePath(language, splitLanguage(location.pathname).path)}#main`}>
        {t("common.skipToContent")}
      </a>
    </header>
  );
}
