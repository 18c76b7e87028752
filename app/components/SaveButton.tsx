// "Save" on a place's page: adds it to the trip kept on this device, or takes it off. It needs a script, so
// the server draws it hidden, and it shows once the page's script runs.
import { useEffect, useState } from "react";
import { useI18n } from "../i18n/I18nProvider";
import { isSaved, onTripChange, readTrip, toggleSaved } from "../lib/saved-places";
import { LocalLink } from "./LocalLink";

export function SaveButton({ placeId, name }: { placeId: number; name: string }) {
  const { t } = useI18n();
  const [saved, setSaved] = useState<boolean | null>(null);
  useEffect(() => {
    const update = () => setSaved(isSaved(readTrip(), placeId));
    update();
    return onTripChange(update);
  }, [placeId]);
  return (
    <p className="save-place" hidden={saved === null}>
      <button type="button" className={saved ? "button" : "button secondary"} aria-pressed={!!saved} onClick={() => toggleSaved(placeId)}>
        {saved ? t("saved.saved") : t("saved.save")}
        <span className="visually-hidden"> {name}</span>
      </button>{" "}
      {saved && <LocalLink to="/saved">{t("saved.open")}</LocalLink>}
    </p>
  );
}
