// The media library's upload form. Without a script it is a plain multipart form. With one, a photograph can
// be dropped on it, a file over the limit is refused at once, and the upload is sent with its progress shown;
// the answer (JSON) either opens the new photograph or says, in the editor's language, why it was refused.
import { useRef, useState } from "react";
import { useI18n } from "../../i18n/I18nProvider";
import { LICENCE_IDS } from "../../../shared/licences";
import { licenceName } from "../../lib/workspace-format";
import { UPLOAD_LIMITS } from "../../../shared/limits";
import { Field } from "./Form";

type Refusal = { code: string; values?: Record<string, string | number> };
const MB = UPLOAD_LIMITS.imageBytes / 1024 / 1024;

export function UploadForm({ refused }: { refused?: Refusal }) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<Refusal | null>(refused ?? null);
  const [over, setOver] = useState(false);

  const choose = (files: FileList | null) => {
    setProblem(null);
    setChosen(files?.[0]?.name ?? null);
  };

  const send = (form: HTMLFormElement) => {
    const file = input.current?.files?.[0];
    if (!file) return setProblem({ code: "no-file" });
    if (file.size > UPLOAD_LIMITS.imageBytes) return setProblem({ code: "too-large", values: { mb: MB } });
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
      <h2>{t("media.upload")}</h2>
      <label
        htmlFor="upload-file"
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
        <span>{t("media.drop")}</span>
        <small>{t("media.types", { mb: MB })}</small>
        {chosen && <strong dir="auto">{t("media.chosen", { name: chosen })}</strong>}
      </label>
      <input
        ref={input}
        id="upload-file"
        name="file"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        required
        onChange={(e) => choose(e.currentTarget.files)}
      />
      <Field id="upload-slug" name="slug" label={t("media.slug")} required pattern="[a-z0-9]+(-[a-z0-9]+)*" dir="ltr" />
      <div className="ws-field">
        <label htmlFor="upload-alt">{t("media.altEn")}</label>
        <textarea id="upload-alt" name="alt.en" required rows={2} lang="en" dir="ltr" />
      </div>
      <Field id="upload-caption" name="caption.en" label={t("media.captionEn")} required lang="en" dir="ltr" />
      <Field id="upload-credit" name="credit" label={t("media.credit")} required />
      <div className="ws-field">
        <label htmlFor="upload-licence">{t("media.licence")}</label>
        <select id="upload-licence" name="licence" required defaultValue="">
          <option value="" disabled>
            {t("content.none")}
          </option>
          {LICENCE_IDS.map((id) => (
            <option key={id} value={id}>
              {licenceName(id, t)}
            </option>
          ))}
        </select>
      </div>
      <Field id="upload-source" name="source" type="url" label={t("media.source")} dir="ltr" />
      <Field id="upload-taken" name="taken" type="date" label={t("media.taken")} dir="ltr" />
      {message && (
        <p className="ws-notice ws-error" role="alert">
          {message}
        </p>
      )}
      {percent !== null && (
        <p role="status">
          <progress max={100} value={percent} aria-label={t("media.progress", { percent })} />{" "}
          {percent < 100 ? t("media.progress", { percent }) : t("media.processing")}
        </p>
      )}
      <button type="submit" className="ws-button" disabled={percent !== null}>
        {t("media.send")}
      </button>
    </form>
  );
}
