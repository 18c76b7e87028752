// What an audit entry changed, as a person reads it: each field (in the editor's language, with its language)
// with its value before and after; a long text changed in a few words shows those words struck out and added.
import { diffWords } from "diff";
import { useI18n } from "../../i18n/I18nProvider";
import { fieldName } from "./ContentForm";

/** Texts longer than this are shown as a diff: the before and after of a paragraph side by side hide the change. */
const LONG_TEXT = 80;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const shown = (v: unknown) => (v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v));

function Diff({ before, after }: { before: string; after: string }) {
  return (
    <span dir="auto">
      {diffWords(before, after).map((part, i) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, in order, never reordered
        if (part.added) return <ins key={i}>{part.value}</ins>;
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        if (part.removed) return <del key={i}>{part.value}</del>;
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        return <span key={i}>{part.value}</span>;
      })}
    </span>
  );
}

export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useI18n();
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
                  <Diff before={was} after={now} />
                ) : (
                  <>
                    {before && (
                      <span dir="auto">
                        <span className="visually-hidden">{t("audit.before")}: </span>
                        {was === "" ? "—" : was}
                      </span>
                    )}
                    {before && after && " → "}
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
      {before !== null && after !== null && " → "}
      {shown(after)}
    </span>
  );
}
