// "Copy to my trip" on an itinerary's page: its days become the trip kept on this device (/saved), after the
// days already planned there. It needs a script: the server draws it unusable until the page's script runs, so
// nothing moves when it starts.
import { useEffect, useState } from "react";
import { useI18n } from "../i18n/I18nProvider";
import { readTrip, writeTrip, type Trip } from "../lib/saved-places";
import { LocalLink } from "./LocalLink";

/** The trip with the route's days after its own (its empty days dropped), each place once. */
function withRoute(trip: Trip, days: number[][]): Trip {
  const kept = trip.filter((day) => day.length > 0);
  const saved = new Set(kept.flat());
  return [...kept, ...days.map((day) => day.filter((id) => !saved.has(id)))].filter((day) => day.length > 0);
}

export function CopyToTrip({ days }: { days: number[][] }) {
  const { t } = useI18n();
  const [state, setState] = useState<"waiting" | "ready" | "copied">("waiting");
  useEffect(() => setState("ready"), []);
  return (
    <p className="copy-to-trip">
      <button
        type="button"
        className="button"
        disabled={state === "waiting"}
        onClick={() => {
          writeTrip(withRoute(readTrip(), days));
          setState("copied");
        }}
      >
        {t("itineraries.copy")}
      </button>{" "}
      {state === "copied" && (
        <span role="status">
          {t("itineraries.copied")} <LocalLink to="/saved">{t("saved.open")}</LocalLink>
        </span>
      )}
    </p>
  );
}
