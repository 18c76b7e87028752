// The language menu: a button with an arrow opens the list; choosing a language saves it and moves to its URL.
import { useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useI18n } from "../i18n/I18nProvider";
import { localePath, splitLanguage } from "../lib/paths";
import { applyLanguage, type LanguageOption } from "../lib/language";

export function LanguageSwitcher({ languages }: { languages: LanguageOption[] }) {
  const { language, t } = useI18n();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const current = languages.find((l) => l.code === language);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === "Escape" : !root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  return (
    <div className="language-switcher" ref={root}>
      <button type="button" className="language-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        <span className="visually-hidden">{t("navbar.chooseLanguage")}: </span>
        <span lang={current?.code}>{current?.name ?? "English"}</span>
        <svg className="arrow" viewBox="0 0 10 6" width="10" height="6" aria-hidden="true">
          <path d="M1 1l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <ul id={menuId} className="language-menu" hidden={!open}>
        {languages.map((l) => (
          <li key={l.id}>
            <a
              href={localePath(l.code, splitLanguage(location.pathname).path) + location.search}
              lang={l.code}
              hrefLang={l.code}
              aria-current={l.code === language ? "true" : undefined}
              onClick={(e) => {
                e.preventDefault();
                setOpen(false);
                applyLanguage(l);
                navigate(localePath(l.code, splitLanguage(location.pathname).path) + location.search + location.hash);
              }}
            >
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
