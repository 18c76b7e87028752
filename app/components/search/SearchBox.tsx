// The place search of the home page's navigation bar (SPEC.md sections 2, 4, 5 and 7).
import { useCallback, useEffect, useId, useReducer, useRef } from "react";
import { useNavigate } from "react-router";
import { useI18n } from "../../i18n/I18nProvider";
import { localePath, sitePath } from "../../lib/paths";
import { readItem, saveItem, STORAGE } from "../../lib/language";
import { SEARCH_BOX } from "../../../shared/limits";
import { closedSearch, searchReducer, type FoundPlace } from "./searchMachine";

async function searchPlaces(name: string, languageId: number, signal?: AbortSignal): Promise<FoundPlace[]> {
  const res = await fetch(`/back/api/user/place1/search?page=1&per_page=${SEARCH_BOX.pageSize}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ name, star: 0, service: 0, language: languageId }),
    signal,
  });
  if (!res.ok) throw new Error(`search answered ${res.status}`);
  const body = (await res.json()) as { data?: FoundPlace[] };
  return body.data ?? [];
}

export function SearchBox() {
  const { t, language, languageId } = useI18n();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(searchReducer, closedSearch);
  const container = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const nextRequest = useRef(0);
  const panelId = useId();

  const run = useCallback(
    async (query: string) => {
      const trimmed = query.trim();
      if (!trimmed) return; // an empty or blank query sends nothing
      const requestId = ++nextRequest.current;
      dispatch({ type: "start", requestId });
      const saved = Number(readItem(STORAGE.languageId));
      try {
        dispatch({ type: "succeed", requestId, results: await searchPlaces(trimmed, saved || languageId) });
      } catch (error) {
        console.warn("Search failed:", error);
        dispatch({ type: "fail", requestId });
      }
    },
    [languageId],
  );

  // Typing searches after a pause of 1000 ms. Only typing (and opening) restarts the pause: the status is read,
  // not waited on, or the end of a search would start the next one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    if (!state.open || !state.query.trim() || state.status === "loading") return;
    const timer = setTimeout(() => void run(state.query), SEARCH_BOX.debounceMs);
    return () => clearTimeout(timer);
  }, [state.open, state.query, run]);

  // Escape and a mousedown outside close the search.
  useEffect(() => {
    if (!state.open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") dispatch({ type: "close" });
    };
    const onDown = (e: MouseEvent) => {
      if (!container.current?.contains(e.target as Node)) dispatch({ type: "close" });
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onDown);
    };
  }, [state.open]);

  // While open the input takes focus back every 100 ms, but only when focus has left the whole search
  // widget, so keyboard and screen-reader users can still reach the results (DESIGN.md, WCAG 2.1.2).
  useEffect(() => {
    if (!state.open) return;
    const timer = setInterval(() => {
      if (!container.current?.contains(document.activeElement)) input.current?.focus();
    }, SEARCH_BOX.refocusMs);
    return () => clearInterval(timer);
  }, [state.open]);

  // The input is disabled while loading; give it focus back when the answer arrives.
  useEffect(() => {
    if (state.open && state.status !== "loading") input.current?.focus();
  }, [state.open, state.status]);

  function choose(result: FoundPlace) {
    saveItem(STORAGE.categoryPlace, String(result.categories_idcategories));
    saveItem(STORAGE.cityPlace, String(result.cities_idcities));
    dispatch({ type: "close" });
    navigate(localePath(language, sitePath.place(result.categories_idcategories, result.cities_idcities, result.id)));
  }

  const loading = state.open && state.status === "loading";
  return (
    <div className="search" ref={container}>
      <button
        type="button"
        className="icon-button"
        aria-expanded={state.open}
        aria-controls={panelId}
        aria-label={state.open ? t("search.close") : t("search.open")}
        onClick={() => dispatch({ type: "toggle" })}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div className="search-panel" id={panelId} hidden={!state.open}>
        {state.open && (
          <>
            {/* biome-ignore lint/a11y/useSemanticElements: <search> around a form is newer than some screen readers the ministry's visitors use; role="search" on the form is announced everywhere. */}
            <form
              role="search"
              aria-label={t("search.label")}
              onSubmit={(e) => {
                e.preventDefault();
                void run(state.query);
              }}
            >
              <input
                ref={input}
                type="search"
                value={state.query}
                disabled={loading}
                aria-label={t("search.label")}
                placeholder={t("navbar.searchPlaceholder")}
                maxLength={200}
                onChange={(e) => dispatch({ type: "type", query: e.target.value })}
              />
              <button type="submit" disabled={loading}>
                {t("search.submit")}
              </button>
            </form>
            <div aria-live="polite" className="search-status">
              {loading && <p>{t("search.loading")}</p>}
              {state.status === "noResults" && state.query.trim() && <p>{t("search.noResults")}</p>}
            </div>
            {state.status === "results" && (
              <ul className="search-results" aria-label={t("search.results")}>
                {state.results.map((r) => (
                  <li key={r.id}>
                    <a
                      href={localePath(language, sitePath.place(r.categories_idcategories, r.cities_idcities, r.id))}
                      onClick={(e) => {
                        e.preventDefault();
                        choose(r);
                      }}
                    >
                      {r.place_name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
