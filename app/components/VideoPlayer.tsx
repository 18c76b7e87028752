// A self-hosted video with captions in every language (the page's own first) and a full-screen control.
import { useRef, useState } from "react";
import { useI18n } from "../i18n/I18nProvider";
import type { VideoView } from "../lib/place-view.server";
import { PhotoCredit } from "./PhotoCredit";

const LANGUAGE_NAMES: Record<string, string> = {
  en: "English",
  ar: "العربية",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  tr: "Türkçe",
  zh: "中文",
};

export function VideoPlayer({ video, label }: { video: VideoView; label: string }) {
  const { t, language } = useI18n();
  const frame = useRef<HTMLDivElement>(null);
  const tracks = [...video.captions].sort((a, b) => (a.language === language ? -1 : b.language === language ? 1 : 0));
  return (
    <figure className="video" ref={frame}>
      {/* biome-ignore lint/a11y/useMediaCaption: the caption tracks are the mapped <track> elements below. */}
      <video
        controls
        preload="metadata"
        width={video.width}
        height={video.height}
        poster={video.poster ?? undefined}
        aria-label={label}
        playsInline
      >
        <source src={video.src} type={video.src.endsWith(".webm") ? "video/webm" : "video/mp4"} />
        {tracks.map((c) => (
          <track
            key={c.language}
            kind="captions"
            src={c.src}
            srcLang={c.language}
            label={LANGUAGE_NAMES[c.language] ?? c.language}
            default={c.language === language}
          />
        ))}
      </video>
      <figcaption>
        <span>{video.title}</span>
        {video.credit && <PhotoCredit credit={video.credit} of="video" />}
        <button
          type="button"
          className="button secondary"
          onClick={() => void frame.current?.querySelector("video")?.requestFullscreen?.()}
        >
          {t("video.fullscreen")}
        </button>
      </figcaption>
    </figure>
  );
}

/** A YouTube video behind a click: nothing is fetched from YouTube until the visitor asks for it. */
export function YouTubeFacade({ id, title }: { id: string; title: string }) {
  const { t } = useI18n();
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <div className="youtube-frame">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`}
          title={title}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <div className="youtube-facade">
      <button type="button" className="button" onClick={() => setPlaying(true)}>
        <span aria-hidden="true">▶ </span>
        {t("video.playYoutube", { title })}
      </button>
      <p>
        <small>{t("video.youtubeNotice")}</small>
      </p>
    </div>
  );
}
