// The workspace's form pieces: a labelled field with its message next to it, a notice, and the link to
// the workspace in another language (for pages shown before sign-in).
import { useSearchParams } from "react-router";
import { useI18n } from "../../i18n/I18nProvider";
import { PASSWORD_LENGTH } from "../../../shared/limits";

type FieldProps = {
  name: string;
  /** The input's id, when the name (e.g. "alt.en") is not one the page can use as its own. */
  id?: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  /** The message key of a problem with this field, shown next to it. */
  problem?: string;
  hint?: string;
  dir?: "ltr" | "rtl";
  inputMode?: "numeric";
  defaultValue?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  lang?: string;
};

export function Field({ name, id = name, label, type = "text", problem, hint, ...input }: FieldProps) {
  const { t } = useI18n();
  const described = [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="ws-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="ws-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input id={id} name={name} type={type} aria-invalid={problem ? true : undefined} aria-describedby={described} {...input} />
      {problem && (
        <p className="ws-problem" id={`${id}-problem`}>
          {t(`problems.${problem}`)}
        </p>
      )}
    </div>
  );
}

/** A new password and its repetition, with the length rules the server checks and a hint saying them. */
export function NewPasswordFields({
  label,
  confirmationLabel,
  problem,
}: {
  label: string;
  confirmationLabel: string;
  /** The problem (message key) of a field, if any. */
  problem: (field: "password" | "confirmation") => string | undefined;
}) {
  const { t } = useI18n();
  return (
    <>
      <Field
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        hint={t("invitation.hint")}
        minLength={PASSWORD_LENGTH.min}
        maxLength={PASSWORD_LENGTH.max}
        problem={problem("password")}
        required
      />
      <Field
        name="confirmation"
        label={confirmationLabel}
        type="password"
        autoComplete="new-password"
        problem={problem("confirmation")}
        required
      />
    </>
  );
}

export function Notice({ kind, children }: { kind: "success" | "error"; children: React.ReactNode }) {
  return (
    <p className={`ws-notice ws-${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}

/** Before sign-in the language comes from ?lang=; the link keeps the rest of the address. */
export function WorkspaceLanguageLink() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const other = t("otherLanguage.code");
  const next = new URLSearchParams(params);
  next.set("lang", other);
  return (
    <p className="ws-language">
      <a href={`?${next.toString()}`} lang={other} hrefLang={other}>
        {t("otherLanguage.name")}
      </a>
    </p>
  );
}
