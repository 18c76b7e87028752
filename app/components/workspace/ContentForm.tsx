// The form of one content item, made from its field specs (app/lib/content-fields.server.ts): each translated field
// shows its seven languages side by side, each input in its language's direction, with the translation's
// status; a problem the server found is shown beside its input. What this account may not change is shown
// read-only and posted back as it was, so the server can tell (and refuse) any change to it.
import { Fragment, type ReactNode, useEffect, useRef } from "react";
import { useI18n } from "../../i18n/I18nProvider";
import type { FieldSpec } from "../../lib/content-fields";
import { directionOf, LANGUAGE_CODES, type LanguageCode } from "../../../shared/languages";
import { languageName } from "../../lib/workspace-format";
import { Notice } from "./Form";
import type { EditingAnswer } from "../../lib/content.server";

type Option = { value: string; label: string };
export type Problem = { field: string; code: string; values?: Record<string, string | number> };

type ContentFormProps = {
  specs: FieldSpec[];
  values: unknown;
  options: Record<string, Option[]>;
  problems: Problem[];
  /** The languages this account may write; editing the other fields needs `edit`. */
  languages: LanguageCode[];
  edit: boolean;
  states?: Record<string, Record<string, string>>;
};

const get = (values: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), values);
/** The id of a field's input (its first language's, for a translated field, is `${path}.en`). */
export const idOf = (path: string) => `f-${path.replace(/\./g, "-")}`;

function ProblemText({ path, problems }: { path: string; problems: Problem[] }) {
  const { t } = useI18n();
  const own = problems.filter((p) => p.field === path);
  if (own.length === 0) return null;
  return (
    <>
      {own.map((p) => (
        <p key={p.code} className="ws-problem" id={`${idOf(path)}-problem`}>
          {problemText(t, p)}
        </p>
      ))}
    </>
  );
}

/** A problem in the account's language, by its code (zod's or the content checks'). */
function problemText(t: (key: string, vars?: Record<string, string | number>) => string, p: Problem): string {
  const key = `content.problems.${p.code}`;
  const text = t(key, p.values);
  return text === key ? t("content.problems.other") : text;
}

/**
 * Marks a field a draft may leave empty but the site needs before it is published (its English, for a
 * translated text). Not the `required` attribute: that would stop a half-written draft from being saved.
 */
function Needed({ spec }: { spec: FieldSpec }) {
  const { t } = useI18n();
  const needed =
    spec.kind === "group"
      ? (spec.min ?? 0) > 0
      : "optional" in spec
        ? !spec.optional
        : !["boolean", "lines", "yaml", "file"].includes(spec.kind);
  return needed ? <span className="ws-needed">{t("content.needed")}</span> : null;
}

function Input({ spec, path, props }: { spec: FieldSpec; path: string; props: ContentFormProps }) {
  const { t } = useI18n();
  const value = get(props.values, path);
  const invalid = props.problems.some((p) => p.field === path);
  const common = {
    id: idOf(path),
    name: path,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? `${idOf(path)}-problem` : undefined,
  };
  const locked = !props.edit;
  switch (spec.kind) {
    case "boolean":
      return (
        <>
          <input type="checkbox" {...common} defaultChecked={value === true} disabled={locked} />
          {locked && value === true && <input type="hidden" name={path} value="on" />}
        </>
      );
    case "choice": {
      const current = value === null || value === undefined ? "" : String(value);
      return (
        <>
          <select {...common} defaultValue={current} disabled={locked}>
            {(spec.optional || current === "") && <option value="">{t("content.none")}</option>}
            {(props.options[spec.options] ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {locked && <input type="hidden" name={path} value={current} />}
        </>
      );
    }
    case "lines":
      return <textarea {...common} rows={3} defaultValue={Array.isArray(value) ? value.join("\n") : ""} readOnly={locked} />;
    case "yaml":
      return (
        <textarea
          {...common}
          rows={4}
          dir="ltr"
          className="ws-code"
          defaultValue={value === undefined || value === null ? "" : JSON.stringify(value, null, 2)}
          readOnly={locked}
        />
      );
    case "number":
    case "integer":
      return (
        <input
          type="number"
          {...common}
          step={spec.kind === "integer" ? "1" : (spec.step ?? "any")}
          defaultValue={value === undefined || value === null ? "" : String(value)}
          readOnly={locked}
          dir="ltr"
        />
      );
    case "file":
      return <input type="text" {...common} defaultValue={String(value ?? "")} readOnly dir="ltr" />;
    default:
      return (
        <input
          type={spec.kind === "url" ? "url" : spec.kind === "email" ? "email" : spec.kind === "date" ? "date" : "text"}
          {...common}
          defaultValue={value === undefined || value === null ? "" : String(value)}
          readOnly={locked}
          dir={spec.kind === "text" ? undefined : "ltr"}
        />
      );
  }
}

function Translated({ spec, path, props }: { spec: FieldSpec; path: string; props: ContentFormProps }) {
  const { t } = useI18n();
  return (
    <fieldset className="ws-translated" id={idOf(path)}>
      <legend>
        {t(`content.fields.${spec.label ?? spec.name.split(".").pop()}`)}
        <Needed spec={spec} />
      </legend>
      <div className="ws-languages">
        {LANGUAGE_CODES.map((language) => {
          const field = `${path}.${language}`;
          const value = get(props.values, field);
          const state = props.states?.[language]?.[path];
          const invalid = props.problems.some((p) => p.field === field);
          const input = {
            id: idOf(field),
            name: field,
            lang: language,
            dir: directionOf(language),
            defaultValue: typeof value === "string" ? value : "",
            readOnly: !props.languages.includes(language),
            "aria-invalid": invalid || undefined,
            "aria-describedby": invalid ? `${idOf(field)}-problem` : undefined,
          };
          return (
            <div key={language} className="ws-language-field">
              <label htmlFor={idOf(field)}>
                <span lang={language}>{languageName(language)}</span>
                {state && state !== "done" && <span className={`ws-state ws-${state}`}>{t(`content.states.${state}`)}</span>}
              </label>
              {spec.kind === "long" ? <textarea rows={5} {...input} /> : <input type="text" {...input} />}
              <ProblemText path={field} problems={props.problems} />
            </div>
          );
        })}
      </div>
      <ProblemText path={path} problems={props.problems} />
    </fieldset>
  );
}

function Fields({ specs, prefix, props }: { specs: FieldSpec[]; prefix: string; props: ContentFormProps }) {
  const { t } = useI18n();
  return (
    <>
      {specs.map((spec, index) => {
        const path = prefix ? `${prefix}.${spec.name}` : spec.name;
        // A problem of a whole object (the coordinates lie outside their city) shows beside its first field.
        const parent = spec.name.includes(".") ? spec.name.slice(0, spec.name.lastIndexOf(".")) : null;
        const firstOfParent = parent !== null && specs.findIndex((s) => s.name.startsWith(`${parent}.`)) === index;
        if (spec.kind === "translated" || spec.kind === "long") return <Translated key={path} spec={spec} path={path} props={props} />;
        if (spec.kind === "group") {
          const rows = (get(props.values, path) as unknown[] | undefined) ?? [];
          // One spare row to add an item, and at least the rows the type needs.
          const count = Math.max(rows.length + (props.edit ? 1 : 0), props.edit ? (spec.min ?? 0) : 0);
          return (
            <fieldset key={path} className="ws-group" id={idOf(path)}>
              <legend>
                {t(`content.fields.${spec.name}`)}
                <Needed spec={spec} />
              </legend>
              <ProblemText path={path} problems={props.problems} />
              {Array.from({ length: count }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position (its inputs are named by it)
                <fieldset key={i} className="ws-row">
                  <legend>{t("content.row", { n: i + 1 })}</legend>
                  <Fields specs={spec.fields} prefix={`${path}.${i}`} props={props} />
                </fieldset>
              ))}
            </fieldset>
          );
        }
        return (
          <Fragment key={path}>
            <div className={spec.kind === "boolean" ? "ws-field ws-check" : "ws-field"}>
              <label htmlFor={idOf(path)}>
                {t(`content.fields.${spec.label ?? spec.name.split(".").pop()}`)}
                <Needed spec={spec} />
              </label>
              <Input spec={spec} path={path} props={props} />
              <ProblemText path={path} problems={props.problems} />
              {firstOfParent && <ProblemText path={prefix ? `${prefix}.${parent}` : parent} problems={props.problems} />}
            </div>
          </Fragment>
        );
      })}
    </>
  );
}

export function ContentFields(props: ContentFormProps) {
  return <Fields specs={props.specs} prefix="" props={props} />;
}

/** A field's name as the editor reads it: "Information · English", "Pictures · Row 2 · Caption". */
export function fieldName(t: (key: string, vars?: Record<string, string | number>) => string, path: string): string {
  const names = path.split(".").flatMap((part) => {
    if (/^\d+$/.test(part)) return [t("content.row", { n: Number(part) + 1 })];
    if ((LANGUAGE_CODES as readonly string[]).includes(part)) return [languageName(part as LanguageCode)];
    // A part with no label of its own ("coordinates" of "coordinates.lat") is named by its fields.
    const key = `content.fields.${part}`;
    return t(key) === key ? [] : [t(key)];
  });
  return names.length ? names.join(" · ") : path;
}

/** Every problem of the form, each a link to its field (on this page, or the item's from `itemPath`). */
export function ProblemList({ problems, itemPath = "" }: { problems: Problem[]; itemPath?: string }) {
  const { t } = useI18n();
  return (
    <ul>
      {problems.map((p) => (
        <li key={`${p.field} ${p.code}`}>
          <a href={`${itemPath}#${idOf(p.field)}`}>{fieldName(t, p.field)}</a>: {problemText(t, p)}
        </li>
      ))}
    </ul>
  );
}

/** What happened, or why not, above the form. */
export function Outcome({ answer, itemPath }: { answer: EditingAnswer | undefined; itemPath?: string }) {
  if (!answer) return null;
  return (
    <OutcomeFrame shown={JSON.stringify(answer)}>
      <OutcomeText answer={answer} itemPath={itemPath} />
    </OutcomeFrame>
  );
}

/**
 * The answer to a form posted from far down the page, brought into view (and read out where focus is), not
 * left above the screen. Keyed by its content (`shown`): a page drawn again with the same answer does not move.
 */
export function OutcomeFrame({ shown, children }: { shown: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return (
    <div ref={ref} tabIndex={-1} className="ws-outcome">
      {children}
    </div>
  );
}

function OutcomeText({ answer, itemPath }: { answer: EditingAnswer; itemPath?: string }) {
  const { t } = useI18n();
  if ("ok" in answer) return <Notice kind="success">{t(`content.done.${answer.ok}`)}</Notice>;
  return (
    <div className="ws-notice ws-error" role="alert">
      <p>{t(`content.refused.${answer.code}`)}</p>
      {(answer.code === "invalid" || answer.code === "unfinished") && <ProblemList problems={answer.problems} itemPath={itemPath} />}
      {answer.code === "referred" && (
        <ul>
          {answer.problems.map((p) => (
            <li key={p.field}>
              <a href={`/admin/content/${p.field}`} dir="ltr">
                {p.field}
              </a>
              : {problemText(t, p)}
            </li>
          ))}
        </ul>
      )}
      {(answer.code === "breaks-content" || answer.code === "in-use") && (
        <ul>
          {answer.problems.map((p) => (
            <li key={`${p.field} ${p.code}`}>
              <span dir="ltr">{p.field}</span>: {problemText(t, p)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
