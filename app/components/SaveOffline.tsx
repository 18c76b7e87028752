// "Save for offline" on a city's page (decision 036): asks the server what the pack holds and tells its size,
// downloads it only when the visitor says so, through the service worker, and shows how far it is. It needs a
// script and a service worker: the server draws its button, so nothing moves when the script starts, and a
// browser without them is told so in its place.
import { useEffect, useState } from "react";
import { useI18n } from "../i18n/I18nProvider";
import { type PackManifest, packManifestUrl } from "../../shared/trip-packs";
import type { PackProgress } from "../sw/trip-packs";
import { canKeepPacks, formatBytes, savedPack, savesData } from "../lib/trip-packs";
import { LocalLink } from "./LocalLink";

type State =
  | { kind: "unsupported" }
  | { kind: "idle" }
  | { kind: "measuring" }
  | { kind: "ready"; manifest: PackManifest }
  | { kind: "saving"; done: number; total: number }
  | { kind: "saved"; bytes: number; lite: boolean }
  | { kind: "failed" };

/** `kind`: what the page is, which the section names (a city, or an itinerary). */
export function SaveOffline({ page, kind = "city" }: { page: string; kind?: "city" | "itinerary" }) {
  const { t, language } = useI18n();
  const [state, setState] = useState<State>({ kind: "idle" });
  const size = (bytes: number) => formatBytes(bytes, language);

  useEffect(() => {
    if (!canKeepPacks()) return setState({ kind: "unsupported" });
    void savedPack(page).then((saved) => setState(saved ? { kind: "saved", bytes: saved.bytes, lite: saved.lite } : { kind: "idle" }));
    const listen = (event: MessageEvent<PackProgress>) => {
      const message = event.data;
      if (message?.page !== page) return;
      if (message.type === "trip-pack:progress") setState({ kind: "saving", done: message.done, total: message.total });
      else if (message.type === "trip-pack:failed") setState({ kind: "failed" });
      else if (message.type === "trip-pack:saved")
        void savedPack(page).then((s) => s && setState({ kind: "saved", bytes: s.bytes, lite: s.lite }));
    };
    navigator.serviceWorker.addEventListener("message", listen);
    return () => navigator.serviceWorker.removeEventListener("message", listen);
  }, [page]);

  const measure = async () => {
    setState({ kind: "measuring" });
    const res = await fetch(packManifestUrl(page, savesData()), { credentials: "omit" }).catch(() => undefined);
    setState(res?.ok ? { kind: "ready", manifest: (await res.json()) as PackManifest } : { kind: "failed" });
  };
  const download = async (manifest: PackManifest) => {
    setState({ kind: "saving", done: 0, total: manifest.bytes });
    const worker = (await navigator.serviceWorker.ready).active;
    if (!worker) return setState({ kind: "failed" });
    worker.postMessage({ type: "trip-pack:save", manifest });
  };

  return (
    <section className="save-offline" aria-labelledby="save-offline-title">
      <h2 id="save-offline-title">{t(kind === "city" ? "tripPack.title" : "tripPack.titleItinerary")}</h2>
      {state.kind === "idle" && (
        <>
          <p>{t(kind === "city" ? "tripPack.lead" : "tripPack.leadItinerary")}</p>
          <button type="button" className="button secondary" onClick={measure}>
            {t("tripPack.save")}
          </button>
          <noscript>
            <p>{t("tripPack.needsScript")}</p>
          </noscript>
        </>
      )}
      {state.kind === "unsupported" && <p>{t("tripPack.unsupported")}</p>}
      {state.kind === "measuring" && <p role="status">{t("tripPack.measuring")}</p>}
      {state.kind === "ready" && (
        <>
          <p role="status">{t(state.manifest.lite ? "tripPack.sizeLite" : "tripPack.size", { size: size(state.manifest.bytes) })}</p>
          <button type="button" className="button" onClick={() => download(state.manifest)}>
            {t("tripPack.download")}
          </button>{" "}
          <button type="button" className="button secondary" onClick={() => setState({ kind: "idle" })}>
            {t("tripPack.cancel")}
          </button>
        </>
      )}
      {state.kind === "saving" && (
        <>
          <p role="status">{t("tripPack.saving", { done: size(state.done), total: size(state.total) })}</p>
          <progress value={state.done} max={state.total} aria-labelledby="save-offline-title" />
        </>
      )}
      {state.kind === "saved" && (
        <p role="status">
          {t(state.lite ? "tripPack.savedLite" : "tripPack.saved", { size: size(state.bytes) })}{" "}
          <LocalLink to="/saved">{t("tripPack.seeSaved")}</LocalLink>
        </p>
      )}
      {state.kind === "failed" && (
        <>
          <p role="alert">{t("tripPack.failed")}</p>
          <button type="button" className="button secondary" onClick={measure}>
            {t("tripPack.retry")}
          </button>
        </>
      )}
    </section>
  );
}
