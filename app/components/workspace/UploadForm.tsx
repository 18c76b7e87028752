// The media library's upload form, for a photograph or a video. Without a script it is a plain multipart
// form. With one, a file can be dropped on it, a file over the limit is refused at once, and the upload is
// sent with its progress shown; the answer (JSON) either opens the new item or says, in the editor's
// language, why it was refused.
import { useRef, useState } from "react";
import { useI18n } from "../../i18n/I18nProvider";
import { LICENCE_IDS } from "../../../shared/licences";
import { licenceName } from "../../lib/workspace-format";
import { UPLOAD_LIMITS } from "../../../shared/limits";
import { Field } from "./Form";

type Refusal = { code: string; values?: Record<string, string | number> };
type Option = { value: string; label: string };
export type UploadKind = "picture" | "video";

const KINDS = {
  picture: { bytes: UPLOAD_LIMITS.imageBytes, accept: "image/jpeg,image/png,image/webp,image/avif" },
  video: { bytes: UPLOAD_LIMITS.videoBytes, accept: "video/webm,video/mp4" },
} as const;

export function UploadForm({ kind, refused, places = [] }: { kind: UploadKind; refused?: Refusal; places?: Option[] }) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<Refusal | null>(refused ?? null);
  const [over, setOver] = useState(false);
  const mb = KINDS[kind].bytes / 1024 / 1024;
  const id = (name: string) => `${kind}-${name}`;

  const choose = (files: FileList | null) => {
    setProblem(null);
    setChosen(files?.[0]?.name ?? null);
  };

  const send = (form: HTMLFormElement) => {
    const file = input.current?.files?.[0];
    if (!file) return setProblem({ code: "no-file" });
    if (file.size > KINDS[kind].bytes) return setProblem({ code: "too-large", values: { mb } });
    setProblem(null);
    const request = new XMLHttpRequest();
    request.open("POST", form.action);
    request.setRequestHeader("accept", "application/json");
    request.upload.onprogress = (e) => e.lengthComputable && setPercent(Math.round((e.loaded / e.total) * 100));
    request.onload = () => {
      let answer: { location?: string } & Partial<Refusal> = {};
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        // A proxy's error page: said below as a failed upload.
      }
      if (request.status < 300 && answer.location) return window.location.assign(answer.location);
      setPercent(null);
      setProblem(answer.code ? { code: answer.code, values: answer.values } : { code: "failed" });
    };
    request.onerror = () => {
      setPercent(null);
      setProblem({ code: "failed" });
    };
    // Shown from the first moment, before the browser reports any bytes sent (a slow link may take a while).
    setPercent(0);
    request.send(new FormData(form));
  };

  const message = problem && (problem.code === "failed" ? t("media.failed") : t(`media.refused.${problem.code}`, problem.values));
  return (
    <form
      method="post"
      action="/admin/media/upload"
      encType="multipart/form-data"
      className="ws-form ws-card"
      onSubmit={(e) => {
        e.preventDefault();
        send(e.currentTarget);
      }}
    >
      <h2>{t(`media.${kind}.upload`)}</h2>
      <input type="hidden" name="kind" value={kind} />
      <label
        htmlFor={id("file")}
        className={over ? "ws-drop ws-drop-over" : "ws-drop"}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (input.current && e.dataTransfer.files.length) {
            input.current.files = e.dataTransfer.files;
            choose(e.dataTransfer.files);
          }
        }}
      >
        <span>{t(`media.${kind}.drop`)}</span>
        <small>{t(`media.${kind}.types`, { mb })}</small>
        {chosen && <strong dir="auto">{t("media.chosen", { name: chosen })}</strong>}
      </label>
      <input
        ref={input}
        id={id("file")}
        name="file"
        type="file"
        accept={KINDS[kind].accept}
        required
        onChange={(e) => choose(e.currentTarget.files)}
      />
      <Field id={id("slug")} name="slug" label={t("media.slug")} required pattern="[a-z0-9]+(-[a-z0-9]+)*" dir="ltr" />
      {kind === "picture" ? <PictureFields /> : <VideoFields places={places} />}
      <Field id={id("credit")} name="credit" label={t("media.credit")} required />
      <div className="ws-field">
        <label htmlFor={id("licence")}>{t("media.licence")}</label>
        <select id={id("licence")} name="licence" required defaultValue="">
          <option value="" disabled>
            {t("content.none")}
          </option>
          {LICENCE_IDS.map((licence) => (
            <option key={licence} value={licence}>
              {licenceName(licence, t)}
            </option>
          ))}
        </select>
      </div>
      <Field id={id("source")} name="source" type="url" label={t("media.source")} dir="ltr" />
      <Field id={id("taken")} name="taken" type="date" label={t("media.taken")} dir="ltr" />
      {message && (
        <p className="ws-notice ws-error" role="alert">
          {message}
        </p>
      )}
      {percent !== null && (
        <p role="status">
          <progress max={100} value={percent} aria-label={t("media.progress", { percent })} />{" "}
          {percent < 100 ? t("media.progress", { percent }) : t(`media.${kind}.processing`)}
        </p>
      )}
      <button type="submit" className="ws-button" disabled={percent !== null}>
        {t("media.send")}
      </button>
    </form>
  );
}

function PictureFields() {
  const { t } = useI18n();
  return (
    <>
      <div className="ws-field">
        <label htmlFor="picture-alt">{t("media.altEn")}</label>
        <textarea id="picture-alt" name="alt.en" required rows={2} lang="en" dir="ltr" />
      </div>
      <Field id="picture-caption" name="caption.en" label={t("media.captionEn")} required lang="en" dir="ltr" />
    </>
  );
}

function VideoFields({ places }: { places: Option[] }) {
  const { t } = useI18n();
  return (
    <>
      <Field id="video-title" name="title.en" label={t("media.video.titleEn")} required lang="en" dir="ltr" />
      <div className="ws-field">
        <label htmlFor="video-place">{t("media.video.place")}</label>
        <select id="video-place" name="place" required defaultValue="">
          <option value="" disabled>
            {t("content.none")}
          </option>
          {places.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <div className="ws-field ws-check">
        <label htmlFor="video-sign">{t("media.video.sign")}</label>
        <input id="video-sign" name="sign" type="checkbox" />
      </div>
      <div className="ws-field">
        <label htmlFor="video-captions">{t("media.video.captionsEn")}</label>
        <input id="video-captions" name="captions" type="file" accept=".vtt,text/vtt" aria-describedby="video-captions-hint" />
        <small id="video-captions-hint">{t("media.video.captionsHint")}</small>
      </div>
    </>
  );
}
