// The virtual tour: a 360-degree panorama in a viewer loaded on demand, or a provider's tour in an
// allow-listed frame behind a click (no third party is contacted before the visitor asks).
import { useEffect, useRef, useState } from "react";
import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { usePlace } from "./layout";
import { sitePath } from "../../lib/paths";
import { VIRTUAL_TOUR_HOSTS } from "../../../shared/limits";

type ViewerState = "idle" | "loading" | "ready" | "failed";

function PanoramaViewer({ src, title }: { src: string; title: string }) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ViewerState>("idle");
  const started = state !== "idle";
  // The viewer lives from the visitor's click until the page goes; state changes must not rebuild it.
  useEffect(() => {
    if (!started) return;
    let viewer: { destroy(): void } | undefined;
    let cancelled = false;
    (async () => {
      try {
        await import("pannellum/build/pannellum.css");
        await import("pannellum/build/pannellum.js");
        const pannellum = (
          window as unknown as {
            pannellum: { viewer: (el: HTMLElement, o: object) => { destroy(): void; on(e: string, f: () => void): void } };
          }
        ).pannellum;
        if (cancelled || !box.current) return;
        const v = pannellum.viewer(box.current, {
          type: "equirectangular",
          panorama: src,
          autoLoad: true,
          showFullscreenCtrl: true,
          compass: false,
          title,
          strings: { loadingLabel: t("virtualVisit.loading") },
        });
        v.on("load", () => setState("ready"));
        v.on("error", () => setState("failed"));
        viewer = v;
      } catch {
        if (!cancelled) setState("failed");
      }
    })();
    return () => {
      cancelled = true;
      viewer?.destroy();
    };
  }, [started, src, title, t]);
  return (
    <div className="virtual">
      <div ref={box} className="panorama" role="application" aria-label={t("virtualVisit.viewerLabel", { title })} />
      <div aria-live="polite">
        {state === "idle" && (
          <button type="button" className="button" onClick={() => setState("loading")}>
            {t("virtualVisit.start")}
          </button>
        )}
        {state === "loading" && <p className="state">{t("virtualVisit.loading")}</p>}
        {state === "failed" && <p className="state state-error">{t("virtualVisit.failed")}</p>}
        {state === "ready" && <p className="hint">{t("virtualVisit.hint")}</p>}
      </div>
    </div>
  );
}

function ProviderTour({ src, title }: { src: string; title: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const allowed = VIRTUAL_TOUR_HOSTS.includes(new URL(src).hostname as never);
  if (!allowed) return <p className="state state-error">{t("virtualVisit.failed")}</p>;
  return open ? (
    <div className="tour-frame">
      <iframe
        src={src}
        title={title}
        allow="fullscreen; xr-spatial-tracking; gyroscope; accelerometer"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-popups"
      />
    </div>
  ) : (
    <div className="tour-facade">
      <p>{title}</p>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t("virtualVisit.openProvider", { host: new URL(src).hostname })}
      </button>
      <p>
        <small>{t("virtualVisit.providerNotice")}</small>
      </p>
    </div>
  );
}

export default function PlaceVirtual() {
  const { t } = useI18n();
  const view = usePlace();
  const panorama = view.panoramas[0];
  const tour = view.tours[0];
  return (
    <section aria-labelledby="virtual-title">
      <Seo
        title={`${t("actions.virtual")}: ${view.place.name}`}
        description={view.place.summary}
        path={`${sitePath.place(view.place.categoryId, view.place.cityId, view.place.id)}/virtual`}
      />
      <h2 id="virtual-title">{t("virtualVisit.title")}</h2>
      {panorama && <PanoramaViewer src={panorama.src} title={panorama.title} />}
      {tour && <ProviderTour src={tour.src} title={tour.title} />}
      {!panorama && !tour && <p className="state">{t("virtualVisit.notAvailable")}</p>}
    </section>
  );
}
