// The trip packs saved on this device, on /saved: each with its size, the day it was saved and a button that
// takes it off the device. Read from the service worker's caches after the page loads: nothing is asked of
// the server, and a browser that cannot keep packs shows nothing here.
import { useEffect, useState } from "react";
import { useI18n } from "../i18n/I18nProvider";
import type { SavedPack } from "../../shared/trip-packs";
import { canKeepPacks, formatBytes, numberLocale, removePack, savedPacks } from "../lib/trip-packs";

export function SavedPacks() {
  const { t, language } = useI18n();
  const [packs, setPacks] = useState<SavedPack[] | null>(null);
  useEffect(() => {
    if (canKeepPacks()) void savedPacks().then(setPacks);
  }, []);
  if (!packs) return null;
  const day = new Intl.DateTimeFormat(numberLocale(language), { dateStyle: "medium" });
  const remove = async (page: string) => {
    await removePack(page);
    setPacks(await savedPacks());
  };
  return (
    <section className="section saved-packs" aria-labelledby="saved-packs-title">
      <h2 id="saved-packs-title">{t("tripPack.listTitle")}</h2>
      {packs.length === 0 ? (
        <p>{t("tripPack.listEmpty")}</p>
      ) : (
        <ul className="pack-list">
          {packs.map((pack) => (
            <li key={pack.page}>
              {/* A whole page load: offline, the service worker answers it from the pack. */}
              <a href={pack.page}>{pack.title}</a>
              <span className="pack-size">
                {t(pack.lite ? "tripPack.listSizeLite" : "tripPack.listSize", {
                  size: formatBytes(pack.bytes, language),
                  date: day.format(new Date(pack.savedAt)),
                })}
              </span>
              <button type="button" className="button secondary" onClick={() => remove(pack.page)}>
                {t("tripPack.remove")}
                <span className="visually-hidden"> {pack.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
