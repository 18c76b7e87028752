// A library video on its workspace page: it plays, with its captions; its captions are listed by language
// (English is needed before it can be published) and added one file at a time; and, while the site does not
// show it, it can be deleted. The captions form posts to /admin/media/captions.
import { Form, useSearchParams } from "react-router";
import { useI18n } from "../../i18n/I18nProvider";
import { LANGUAGE_CODES, type LanguageCode } from "../../../shared/languages";
import { UPLOAD_LIMITS } from "../../../shared/limits";
import { languageName } from "../../lib/workspace-format";

type Video = { src: string; width: number; height: number; seconds: number; captions: Array<{ language: string; src: string }> };
type May = { edit: boolean; languages: LanguageCode[] };

export function VideoSection({
  video,
  slug,
  revision,
  published,
  may,
}: {
  video: Video;
  slug: string;
  revision: number;
  published: boolean;
  may: May;
}) {
  const { t, language } = useI18n();
  const [search] = useSearchParams();
  const refused = search.get("refused");
  const values = Object.fromEntries([...search].filter(([key]) => key !== "refused"));
  const has = new Set(video.captions.map((c) => c.language));
  return (
    <section className="ws-card" aria-labelledby="video-captions">
      {/* biome-ignore lint/a11y/useMediaCaption: the captions are the mapped <track> elements below. */}
      <video controls preload="metadata" width={video.width} height={video.height} className="ws-video">
        <source src={video.src} type={video.src.endsWith(".webm") ? "video/webm" : "video/mp4"} />
        {video.captions.map((c) => (
          <track
            key={c.language}
            kind="captions"
            src={c.src}
            srcLang={c.language}
            label={languageName(c.language as LanguageCode)}
            default={c.language === language}
          />
        ))}
      </video>
      <p>{t("media.video.facts", { width: video.width, height: video.height, seconds: Math.round(video.seconds) })}</p>
      <h2 id="video-captions">{t("media.video.captions")}</h2>
      <ul className="ws-codes">
        {LANGUAGE_CODES.map((l) => (
          <li key={l}>
            <span lang={l}>{languageName(l)}</span>: {has.has(l) ? t("media.video.hasCaptions") : t("media.video.lacksCaptions")}
          </li>
        ))}
      </ul>
      {!has.has("en") && <p className="ws-notice">{t("media.video.needsEnglish")}</p>}
      {refused && (
        <p className="ws-notice ws-error" role="alert">
          {t(`media.refused.${refused}`, values)}
        </p>
      )}
      {may.languages.length > 0 && (
        <form method="post" action="/admin/media/captions" encType="multipart/form-data" className="ws-form">
          <input type="hidden" name="video" value={slug} />
          <input type="hidden" name="revision" value={revision} />
          <div className="ws-field">
            <label htmlFor="captions-language">{t("media.video.captionsLanguage")}</label>
            <select
              id="captions-language"
              name="language"
              required
              defaultValue={may.languages.find((l) => !has.has(l)) ?? may.languages[0]}
            >
              {may.languages.map((l) => (
                <option key={l} value={l}>
                  {languageName(l)}
                </option>
              ))}
            </select>
          </div>
          <div className="ws-field">
            <label htmlFor="captions-file">{t("media.video.captionsFile", { kb: UPLOAD_LIMITS.captionBytes / 1024 })}</label>
            <input id="captions-file" name="file" type="file" accept=".vtt,text/vtt" required />
          </div>
          <button type="submit" className="ws-button">
            {t("media.video.addCaptions")}
          </button>
        </form>
      )}
      {may.edit && !published && (
        <Form method="post">
          <input type="hidden" name="revision" value={revision} />
          <button type="submit" name="intent" value="delete" className="ws-button ws-secondary">
            {t("content.delete")}
          </button>
        </Form>
      )}
    </section>
  );
}
