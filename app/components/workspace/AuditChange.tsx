// What an audit entry changed, as a person reads it: each field (in the editor's language, with its language)
// with its value before and after; a long text changed in a few words shows those words struck out and added.
import { diffWords } from "diff";
import { useI18n } from "../../i18n/I18nProvider";
import { fieldName } from "./ContentForm";
import { directionOf, LANGUAGE_CODES } from "../../../shared/languages";

/** Texts longer than this are shown as a diff: the before and after of a paragraph side by side hide the change. */
const LONG_TEXT = 80;

/** The language of a translated field's path ("information.ar"): its last part, when it is one. */
const languageOf = (path: string) => {
  const last = path.slice(path.lastIndexOf(".") + 1);
  return (LANGUAGE_CODES as readonly string[]).includes(last) ? last : undefined;
};
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const shown = (v: unknown) => (v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v));

/**
 * The words removed and added. Words are found by the text's language (`Intl.Segmenter`): Chinese has no spaces,
 * and jsdiff's own word pattern knows Latin letters only.
 */
function Diff({ before, after, language }: { before: string; after: string; language: string | undefined }) {
  const intlSegmenter = new Intl.Segmenter(language, { granularity: "word" });
  return (
    // A block of its own, so that an English text in an Arabic page starts where English starts.
    <div dir="auto" lang={language}>
      {diffWords(before, after, { intlSegmenter }).map((part, i) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, in order, never reordered
        if (part.added) return <ins key={i}>{part.value}</ins>;
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        if (part.removed) return <del key={i}>{part.value}</del>;
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        return <span key={i}>{part.value}</span>;
      })}
    </div>
  );
}

export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const { t, language } = useI18n();
  // From before to after in the reading direction: an Arabic page reads it from the right.
  const arrow = directionOf(language) === "rtl" ? " ← " : " → ";
  // Entries that name their fields (a save, a schedule, a role): one line per field.
  if ((isRecord(before) || before === null) && (isRecord(after) || after === null) && (before || after)) {
    const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
    return (
      <dl className="ws-change">
        {keys.map((key) => {
          const was = shown(before?.[key]);
          const now = shown(after?.[key]);
          const long = was.length > LONG_TEXT || now.length > LONG_TEXT;
          return (
            <div key={key}>
              <dt>{fieldName(t, key)}</dt>
              <dd>
                {long && before && after ? (
                  <Diff before={was} after={now} language={languageOf(key)} />
                ) : (
                  <>
                    {before && (
                      <span dir="auto">
                        <span className="visually-hidden">{t("audit.before")}: </span>
                        {was === "" ? "—" : was}
                      </span>
                    )}
                    {before && after && arrow}
                    {after && (
                      <span dir="auto">
                        <span className="visually-hidden">{t("audit.after")}: </span>
                        {now === "" ? "—" : now}
                      </span>
                    )}
                  </>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    );
  }
  return (
    <span dir="auto">
      {shown(before)}
      {before !== null && after !== null && arrow}
      {shown(after)}
    </span>
  );
}
