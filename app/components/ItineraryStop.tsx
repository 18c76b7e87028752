// One stop of an itinerary: its place (a link), its city and the straight-line distance from the stop before,
// the place's state when it is not open and its safety note, as its own page says them, and the route's note.
import type { ItineraryPage } from "../lib/itineraries.server";
import { useI18n } from "../i18n/I18nProvider";

type Stop = ItineraryPage["days"][number]["stops"][number];

export function ItineraryStop({ stop }: { stop: Stop }) {
  const { t } = useI18n();
  const { place } = stop;
  const status = place.status && place.status.state !== "open" ? place.status : null;
  return (
    <li className="itinerary-stop">
      <h3>
        <a href={stop.href}>{place.name}</a>
      </h3>
      <p className="stop-meta">
        {place.city}
        {stop.km !== null && ` · ${stop.km < 1 ? t("itineraries.kmNear") : t("itineraries.km", { km: Math.round(stop.km) })}`}
      </p>
      {status && (
        <p className="stop-status">
          <strong>{t(`facts.states.${status.state}`)}</strong>
          {status.note && ` ${status.note}`}
        </p>
      )}
      {place.safety && (
        <p className="stop-safety">
          <strong>{t("facts.safety")}</strong> {place.safety}
        </p>
      )}
      <p>{stop.note}</p>
    </li>
  );
}
