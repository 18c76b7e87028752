// /admin/account: one's own account. Two-step verification (required for admins before anything else),
// the password, where one is signed in (and signing out everywhere), and the workspace's language.
import { data, useActionData, useLoaderData, useSearchParams } from "react-router";
import { formText, postedForm } from "../../lib/form";
import type { Route } from "./+types/account";
import { useI18n } from "../../i18n/I18nProvider";
import { problemOf, redirectWithCookies, signedIn, workspaceOf } from "../../lib/workspace.server";
import { Field, NewPasswordFields, Notice } from "../../components/workspace/Form";
import { LANGUAGE_CODES } from "../../../shared/languages";
import { formatTime, languageName } from "../../lib/workspace-format";
import { actionOrLoaderHeaders } from "../../lib/answer-headers";

type AccountAnswer =
  | { enrolment: { totpURI: string; backupCodes: string[] } }
  | { backupCodes: string[] }
  | { problem: string; field?: string; section: string; totpURI?: string; backupCodes?: string[] };

/** The backup codes an enrolment showed, posted back with its code: at most 20 codes of letters, digits and dashes. */
function backupCodesOf(posted: string): string[] {
  const codes = posted.split(/\s+/).filter(Boolean);
  return codes.length <= 20 && codes.every((code) => /^[A-Za-z0-9-]{4,40}$/.test(code)) ? codes : [];
}

export async function loader({ context }: Route.LoaderArgs) {
  const who = signedIn(context);
  const { service } = workspaceOf(context);
  return {
    twoFactorEnabled: who.account.twoFactorEnabled,
    twoFactorRequired: service.needsTwoFactor(who),
    uiLanguage: who.account.uiLanguage,
    sessions: await service.sessions(who),
  };
}

/** A refusal for too many attempts carries its Retry-After (app/lib/answer-headers.ts). */
export const headers = actionOrLoaderHeaders;

export async function action({ context, request }: Route.ActionArgs) {
  const who = signedIn(context);
  const { service, client } = workspaceOf(context);
  const form = await postedForm(request);
  const intent = formText(form, "intent");
  try {
    switch (intent) {
      case "two-factor-start":
        return data<AccountAnswer>({ enrolment: await service.startTwoFactor(request.headers, who, formText(form, "password"), client) });
      case "two-factor-confirm": {
        try {
          const cookies = await service.confirmTwoFactor(request.headers, who, formText(form, "code"));
          return redirectWithCookies("/admin/account?done=two-factor#two-factor", cookies);
        } catch (error) {
          // The key and the backup codes stay on screen, so the next code can be typed without starting again,
          // and someone who mistyped once can still note the codes.
          const answer = problemOf(error);
          return data<AccountAnswer>(
            {
              ...answer.data,
              section: "two-factor",
              totpURI: formText(form, "totpURI"),
              backupCodes: backupCodesOf(formText(form, "backupCodes")),
            },
            { status: 400 },
          );
        }
      }
      case "backup-codes":
        return data<AccountAnswer>({
          backupCodes: await service.newBackupCodes(request.headers, who, formText(form, "password"), client),
        });
      case "password": {
        const cookies = await service.changePassword(
          request.headers,
          who,
          formText(form, "current"),
          formText(form, "password"),
          formText(form, "confirmation"),
          client,
        );
        return redirectWithCookies("/admin/account?done=password#password", cookies);
      }
      case "sign-out-everywhere":
        return redirectWithCookies("/admin/sign-in", await service.signOutEverywhere(request.headers, who));
      case "language":
        await service.setInterfaceLanguage(who, formText(form, "language"));
        // A new page, read in the new language: the answer to the post would be in the one it was sent from.
        return redirectWithCookies("/admin/account?done=language#language-title", []);
      default:
        return data<AccountAnswer>({ problem: "form", section: "" }, { status: 400 });
    }
  } catch (error) {
    const answer = problemOf(error);
    return data<AccountAnswer>({ ...answer.data, section: intent }, answer.init ?? { status: 400 });
  }
}

/** A form that asks for one's password again before it does what `intent` says. */
function PasswordForm({
  intent,
  id,
  problem,
  submit,
  secondary = false,
}: {
  intent: string;
  id: string;
  problem?: string;
  submit: string;
  secondary?: boolean;
}) {
  const { t } = useI18n();
  return (
    <form method="post" className="ws-form">
      <input type="hidden" name="intent" value={intent} />
      <Field
        name="password"
        id={id}
        label={t("account.twoFactor.password")}
        type="password"
        autoComplete="current-password"
        problem={problem}
        required
      />
      <button type="submit" className={secondary ? "button ws-secondary" : "button"}>
        {submit}
      </button>
    </form>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <ul className="ws-codes" dir="ltr">
      {codes.map((code) => (
        <li key={code}>
          <code>{code}</code>
        </li>
      ))}
    </ul>
  );
}

function TwoFactorSection({
  enabled,
  required,
  answer,
  justEnabled,
}: {
  enabled: boolean;
  required: boolean;
  answer?: AccountAnswer;
  justEnabled: boolean;
}) {
  const { t } = useI18n();
  const enrolment = answer && "enrolment" in answer ? answer.enrolment : undefined;
  const retry = answer && "problem" in answer && answer.section === "two-factor" ? answer : undefined;
  const totpURI = enrolment?.totpURI ?? retry?.totpURI;
  const enrolmentCodes = enrolment?.backupCodes ?? retry?.backupCodes ?? [];
  const startProblem = answer && "problem" in answer && answer.section === "two-factor-start" ? answer.problem : undefined;
  const backupProblem = answer && "problem" in answer && answer.section === "backup-codes" ? answer.problem : undefined;
  const newBackupCodes = answer && "backupCodes" in answer ? answer.backupCodes : undefined;
  return (
    <section id="two-factor" aria-labelledby="two-factor-title" className="ws-card">
      <h2 id="two-factor-title">{t("account.twoFactor.title")}</h2>
      {justEnabled && <Notice kind="success">{t("account.twoFactor.done")}</Notice>}
      <p>{enabled ? t("account.twoFactor.on") : t("account.twoFactor.off")}</p>
      {required && <Notice kind="error">{t("account.twoFactor.required")}</Notice>}
      {enabled && <NewBackupCodes codes={newBackupCodes} problem={backupProblem} />}
      {!enabled && !totpURI && (
        <PasswordForm intent="two-factor-start" id="password" problem={startProblem} submit={t("account.twoFactor.start")} />
      )}
      {!enabled && totpURI && <TwoFactorEnrolment totpURI={totpURI} codes={enrolmentCodes} problem={retry?.problem} />}
    </section>
  );
}

/** New backup codes for an account with two-step on, after its password again: those made, if just made. */
function NewBackupCodes({ codes, problem }: { codes?: string[]; problem?: string }) {
  const { t } = useI18n();
  return (
    <>
      <h3>{t("account.twoFactor.newBackup")}</h3>
      <p>{t("account.twoFactor.newBackupIntro")}</p>
      {codes && (
        <>
          <Notice kind="success">{t("account.twoFactor.newBackupDone")}</Notice>
          <BackupCodes codes={codes} />
        </>
      )}
      <PasswordForm intent="backup-codes" id="backup-password" problem={problem} submit={t("account.twoFactor.newBackup")} secondary />
    </>
  );
}

/** Two-step being turned on: the key for the authenticator app, the backup codes, and the first code asked. */
function TwoFactorEnrolment({ totpURI, codes, problem }: { totpURI: string; codes: string[]; problem?: string }) {
  const { t } = useI18n();
  return (
    <>
      <p>{t("account.twoFactor.scan")}</p>
      <p>
        {t("account.twoFactor.key")}:{" "}
        <code dir="ltr" className="ws-key">
          {new URL(totpURI).searchParams.get("secret")}
        </code>
      </p>
      <p>
        <a href={totpURI}>{t("account.twoFactor.link")}</a>
      </p>
      {codes.length > 0 && (
        <>
          <p>{t("account.twoFactor.backup")}</p>
          <BackupCodes codes={codes} />
        </>
      )}
      <form method="post" className="ws-form">
        <input type="hidden" name="intent" value="two-factor-confirm" />
        <input type="hidden" name="totpURI" value={totpURI} />
        <input type="hidden" name="backupCodes" value={codes.join(" ")} />
        <Field
          name="code"
          label={t("account.twoFactor.code")}
          autoComplete="one-time-code"
          inputMode="numeric"
          problem={problem}
          required
          dir="ltr"
        />
        <button type="submit" className="button">
          {t("account.twoFactor.confirm")}
        </button>
      </form>
    </>
  );
}

export default function Account() {
  const { t, language } = useI18n();
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<AccountAnswer>();
  const [params] = useSearchParams();
  const done = params.get("done");
  const problem = (section: string, field: string) =>
    answer && "problem" in answer && answer.section === section && answer.field === field ? answer.problem : undefined;
  return (
    <>
      <h1>{t("account.title")}</h1>
      <TwoFactorSection enabled={d.twoFactorEnabled} required={d.twoFactorRequired} answer={answer} justEnabled={done === "two-factor"} />
      {!d.twoFactorRequired && (
        <>
          <section id="password" aria-labelledby="password-title" className="ws-card">
            <h2 id="password-title">{t("account.password.title")}</h2>
            {done === "password" && <Notice kind="success">{t("account.password.done")}</Notice>}
            <form method="post" className="ws-form">
              <input type="hidden" name="intent" value="password" />
              <Field
                name="current"
                label={t("account.password.current")}
                type="password"
                autoComplete="current-password"
                problem={problem("password", "current")}
                required
              />
              <NewPasswordFields
                label={t("account.password.new")}
                confirmationLabel={t("account.password.confirmation")}
                problem={(field) => problem("password", field)}
              />
              <button type="submit" className="button">
                {t("account.password.submit")}
              </button>
            </form>
          </section>
          <section aria-labelledby="sessions-title" className="ws-card">
            <h2 id="sessions-title">{t("account.sessions.title")}</h2>
            <table className="ws-table">
              <thead>
                <tr>
                  <th scope="col">{t("account.sessions.started")}</th>
                  <th scope="col">{t("account.sessions.lastUsed")}</th>
                  <th scope="col">{t("account.sessions.browser")}</th>
                </tr>
              </thead>
              <tbody>
                {d.sessions.map((s) => (
                  <tr key={s.id}>
                    <td>{formatTime(s.createdAt, language)}</td>
                    <td>{formatTime(s.lastUsedAt, language)}</td>
                    <td dir="ltr">{s.userAgent}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <form method="post">
              <input type="hidden" name="intent" value="sign-out-everywhere" />
              <button type="submit" className="button secondary">
                {t("account.sessions.everywhere")}
              </button>
            </form>
          </section>
          <section aria-labelledby="language-title" className="ws-card">
            <h2 id="language-title">{t("account.language.title")}</h2>
            {done === "language" && <Notice kind="success">{t("account.language.done")}</Notice>}
            <form method="post" className="ws-form ws-inline">
              <input type="hidden" name="intent" value="language" />
              <label htmlFor="language" className="visually-hidden">
                {t("account.language.title")}
              </label>
              <select id="language" name="language" defaultValue={d.uiLanguage}>
                {LANGUAGE_CODES.map((code) => (
                  <option key={code} value={code} lang={code}>
                    {languageName(code)}
                  </option>
                ))}
              </select>
              <button type="submit" className="button">
                {t("account.language.submit")}
              </button>
            </form>
          </section>
        </>
      )}
    </>
  );
}
