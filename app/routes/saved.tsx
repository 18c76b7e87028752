// /saved: the visitor's saved places, kept on this device only. They can be put into days, seen on the map,
// printed, and shared as a link whose fragment holds the list (a fragment never reaches the server).
import { useEffect, useMemo, useState } from "react";
import type { Route } from "./+types/saved";
import { useFetcher } from "react-router";
import { languageOf, domainOf, notFound } from "../lib/loader-params.server";
import { mapLabels, mapPlaces } from "../lib/map.server";
import { countryLayer } from "../../domain/map/base-layer";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { LocalLink } from "../components/LocalLink";
import { CountryMap } from "../components/CountryMap";
import { SavedPacks } from "../components/SavedPacks";
import { onTripChange, readTrip, tripFragment, tripFromFragment, writeTrip, type Trip } from "../lib/saved-places";
import { localePath } from "../lib/paths";
import { MAP_HEIGHT, MAP_WIDTH, viewAround } from "../../shared/map-clusters";

/** The most places one trip's page asks for (a trip is days of a visit, not the site). */
const MAX_TRIP_PLACES = 200;

/** The ids of ?places=1,2,3: at most MAX_TRIP_PLACES positive whole numbers, or the address is wrong. */
function tripIds(request: Request): number[] {
  const value = new URL(request.url).searchParams.get("places");
  if (value === null) return [];
  const ids = value.split(",");
  if (ids.length > MAX_TRIP_PLACES || !ids.every((id) => /^[1-9]\d{0,8}$/.test(id))) throw notFound();
  return ids.map(Number);
}

// The trip lives on the visitor's device, so the page itself carries no place: its script asks for the
// trip's places (?places=…), a data request the service worker keeps for offline use. At national scale,
// sending every place to find the saved few weighed 10 MB.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const language = languageOf(params);
  const domain = domainOf(context);
  const ids = tripIds(request);
  const [places, labels] = await Promise.all([
    ids.length ? mapPlaces(domain, language, { filter: { ids } }) : [],
    mapLabels(domain, language),
  ]);
  return { places: places.map(({ categoryId: _c, ...p }) => p), labels, base: countryLayer() };
}

type Shown = { trip: Trip; shared: boolean };

export default function Saved({ loaderData }: Route.ComponentProps) {
  const { t, language } = useI18n();
  const [shown, setShown] = useState<Shown | null>(null);
  const fetcher = useFetcher<typeof loader>();
  const places = fetcher.data?.places ?? loaderData.places;
  const byId = useMemo(() => new Map(places.map((p) => [p.id, p])), [places]);
  // The trip's places, asked for once per set of ids (a new order or day is the same set); the ids the answer
  // lacks are places no longer on the site.
  const wanted = [...new Set((shown?.trip ?? []).flat())].sort((a, b) => a - b).join(",");
  const [asked, setAsked] = useState<string | null>(null);
  const lacking = wanted !== "" && wanted.split(",").some((id) => !byId.has(Number(id)));
  useEffect(() => {
    if (!lacking || asked === wanted) return;
    setAsked(wanted);
    void fetcher.load(`${localePath(language, "/saved")}?places=${wanted}`);
  }, [lacking, asked, wanted, fetcher, language]);
  const loading = lacking && (asked !== wanted || fetcher.state !== "idle");

  useEffect(() => {
    const load = () => {
      const shared = tripFromFragment(window.location.hash);
      setShown(shared ? { trip: shared, shared: true } : { trip: readTrip(), shared: false });
    };
    load();
    window.addEventListener("hashchange", load);
    const stop = onTripChange(() => setShown((s) => (s?.shared ? s : { trip: readTrip(), shared: false })));
    return () => {
      window.removeEventListener("hashchange", load);
      stop();
    };
  }, []);

  // Places no longer on the site are left out.
  const trip = (shown?.trip ?? [[]]).map((day) => day.filter((id) => byId.has(id)));
  const count = trip.flat().length;
  const tripPlaces = trip.flat().flatMap((id) => byId.get(id) ?? []);
  const change = (next: Trip) => (shown?.shared ? setShown({ trip: next, shared: true }) : writeTrip(next));
  const move = (from: [number, number], to: [number, number]) => {
    const next = trip.map((day) => [...day]);
    const [id] = next[from[0]].splice(from[1], 1);
    next[to[0]].splice(Math.max(0, Math.min(to[1], next[to[0]].length)), 0, id);
    change(next);
  };
  /** To the start of the next day, which is made when this is the last. */
  const laterDay = (d: number, i: number) => {
    const next = trip.map((day) => [...day]);
    if (d === next.length - 1) next.push([]);
    const [id] = next[d].splice(i, 1);
    next[d + 1].unshift(id);
    change(next);
  };
  const remove = (id: number) => change(trip.map((day) => day.filter((other) => other !== id)));
  const shareUrl = shown
    ? `${typeof window === "undefined" ? "" : window.location.origin}${localePath(language, "/saved")}${tripFragment(trip)}`
    : "";

  return (
    <div className="page saved-page">
      <Seo title={t("saved.title")} description={t("saved.description")} path="/saved" />
      <h1>{t("saved.title")}</h1>
      <p className="lead">{t("saved.description")}</p>
      {/* The trip is read from the device after the page loads: its room is kept, so nothing below it moves. */}
      <div className="saved-body">
        <noscript>
          <p className="state">{t("saved.needsScript")}</p>
        </noscript>
        {shown?.shared && (
          <div className="shared-trip" role="status">
            <p>{t("saved.sharedList")}</p>
            <button
              type="button"
              className="button"
              onClick={() => {
                writeTrip(trip);
                window.history.replaceState(null, "", window.location.pathname);
                setShown({ trip, shared: false });
              }}
            >
              {t("saved.keepShared")}
            </button>
          </div>
        )}
        {loading && (
          <p className="state" role="status">
            {t("common.loading")}
          </p>
        )}
        {shown && !loading && count === 0 && (
          <p className="state">
            {t("saved.empty")} <LocalLink to="/map">{t("saved.toMap")}</LocalLink>
          </p>
        )}
        {shown && !loading && count > 0 && (
          <>
            <div className="trip-days">
              {trip.map((day, d) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a day is its position in the trip.
                <TripDay key={d} day={day} d={d} places={byId} move={move} laterDay={laterDay} remove={remove} />
              ))}
            </div>
            <p className="button-row no-print">
              <button type="button" className="button secondary" onClick={() => change([...trip, []])}>
                {t("saved.addDay")}
              </button>
              <button type="button" className="button secondary" onClick={() => window.print()}>
                {t("saved.print")}
              </button>
            </p>
            <ShareTrip url={shareUrl} />
            <h2>{t("saved.onMap")}</h2>
            <CountryMap
              viewBox={viewAround(tripPlaces, MAP_WIDTH, MAP_HEIGHT, 120)}
              countries={loaderData.base.countries}
              markers={tripPlaces}
              labels={loaderData.labels}
              clusterHref={() => "#"}
            />
          </>
        )}
      </div>
      <SavedPacks />
    </div>
  );
}

type TripPlace = Route.ComponentProps["loaderData"]["places"][number];

/** One day of the trip: its places in order, each with the buttons that move it or take it off. */
function TripDay({
  day,
  d,
  places,
  move,
  laterDay,
  remove,
}: {
  day: number[];
  d: number;
  places: Map<number, TripPlace>;
  move: (from: [number, number], to: [number, number]) => void;
  laterDay: (d: number, i: number) => void;
  remove: (id: number) => void;
}) {
  const { t } = useI18n();
  return (
    <section className="trip-day" aria-labelledby={`day-${d}`}>
      <h2 id={`day-${d}`}>{t("saved.day", { n: d + 1 })}</h2>
      {day.length === 0 && <p className="note">{t("saved.emptyDay")}</p>}
      <ol>
        {day.flatMap((id, i) => {
          const place = places.get(id);
          if (!place) return [];
          return (
            <li key={id} className="trip-place">
              <a href={place.href}>{place.name}</a> <span className="note">{place.city}</span>
              <span className="trip-actions no-print">
                <button
                  type="button"
                  disabled={i === 0}
                  onClick={() => move([d, i], [d, i - 1])}
                  aria-label={t("saved.up", { place: place.name })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  disabled={i === day.length - 1}
                  onClick={() => move([d, i], [d, i + 1])}
                  aria-label={t("saved.down", { place: place.name })}
                >
                  ↓
                </button>
                <button type="button" disabled={d === 0} onClick={() => move([d, i], [d - 1, Infinity])}>
                  {t("saved.earlierDay")}
                </button>
                <button type="button" onClick={() => laterDay(d, i)}>
                  {t("saved.laterDay")}
                </button>
                <button type="button" onClick={() => remove(id)} aria-label={t("saved.remove", { place: place.name })}>
                  {t("saved.removeShort")}
                </button>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The trip as a link whose fragment holds it, to copy. */
function ShareTrip({ url }: { url: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  return (
    <section className="no-print" aria-labelledby="share-title">
      <h2 id="share-title">{t("saved.share")}</h2>
      <p className="note">{t("saved.shareNote")}</p>
      <p className="share-row">
        <input type="url" readOnly value={url} aria-labelledby="share-title" dir="ltr" onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="button"
          onClick={async () => {
            await navigator.clipboard?.writeText(url).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? t("saved.copied") : t("saved.copy")}
        </button>
      </p>
    </section>
  );
}
