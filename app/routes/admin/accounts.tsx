// /admin/accounts (admins): everyone with an account, inviting someone (e-mailed, when mail is configured, in
// the workspace language chosen for them), changing a role, resetting a password. Each change ends the account's sessions and is written to the audit log by the service.
import { data, useActionData, useLoaderData } from "react-router";
import { formText, postedForm } from "../../lib/form";
import type { Route } from "./+types/accounts";
import { useI18n } from "../../i18n/I18nProvider";
import { problemOf, signedIn, workspaceOf } from "../../lib/workspace.server";
import { Field, Notice } from "../../components/workspace/Form";
import { ROLES } from "../../../domain/workspace/roles";
import { LANGUAGE_CODES } from "../../../shared/languages";
import { languageName } from "../../lib/workspace-format";
import { WorkspaceTable } from "../../components/workspace/Table";

type AccountsAnswer =
  | { done: "invite" | "reset"; email: string; link: string; mailed?: boolean }
  | { done: "role"; email: string }
  | { problem: string; field?: string; intent: string; id?: string };

export async function loader({ context }: Route.LoaderArgs) {
  signedIn(context);
  const accounts = await workspaceOf(context).service.accounts();
  return {
    accounts: accounts.map(({ id, name, email, role, languages, twoFactorEnabled, hasPassword }) => ({
      id,
      name,
      email,
      role,
      languages,
      twoFactorEnabled,
      hasPassword,
    })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const who = signedIn(context);
  const { service } = workspaceOf(context);
  const form = await postedForm(request);
  const intent = formText(form, "intent");
  const origin = new URL(request.url).origin;
  try {
    if (intent === "invite") {
      const actor = { id: who.account.id, email: who.account.email };
      const { account, path } = await service.invite(actor, {
        email: formText(form, "email"),
        name: formText(form, "name"),
        role: formText(form, "role"),
        languages: form.getAll("languages").map(String),
        uiLanguage: formText(form, "uiLanguage"),
      });
      // The link is shown whatever the mail does: a mail server that is down never loses an invitation.
      const mailed = await service.mailInvitation(actor, account, origin + path).catch(() => false);
      return data<AccountsAnswer>({ done: "invite", email: account.email, link: origin + path, mailed }, { status: 201 });
    }
    if (intent === "role") {
      const account = await service.setRole(who, formText(form, "id"), formText(form, "role"), form.getAll("languages").map(String));
      return data<AccountsAnswer>({ done: "role", email: account.email });
    }
    if (intent === "reset") {
      const { account, path } = await service.resetPassword(who, formText(form, "id"));
      return data<AccountsAnswer>({ done: "reset", email: account.email, link: origin + path });
    }
    return data<AccountsAnswer>({ problem: "form", intent }, { status: 400 });
  } catch (error) {
    const answer = problemOf(error);
    return data<AccountsAnswer>({ ...answer.data, intent, id: formText(form, "id") }, { status: 400 });
  }
}

function LanguageChoices({ idPrefix, chosen }: { idPrefix: string; chosen: string[] }) {
  return (
    <span className="ws-choices">
      {LANGUAGE_CODES.map((code) => (
        <label key={code} htmlFor={`${idPrefix}-${code}`}>
          <input type="checkbox" id={`${idPrefix}-${code}`} name="languages" value={code} defaultChecked={chosen.includes(code)} />
          <span lang={code}>{languageName(code)}</span>
        </label>
      ))}
    </span>
  );
}

function RoleSelect({ id, value }: { id: string; value?: string }) {
  const { t } = useI18n();
  return (
    <select id={id} name="role" defaultValue={value ?? "editor"}>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {t(`roles.${r}`)}
        </option>
      ))}
    </select>
  );
}

export default function Accounts() {
  const { t } = useI18n();
  const { accounts } = useLoaderData<typeof loader>();
  const answer = useActionData<AccountsAnswer>();
  const inviteProblem = (field: string) =>
    answer && "problem" in answer && answer.intent === "invite" && answer.field === field ? answer.problem : undefined;
  return (
    <>
      <h1>{t("accounts.title")}</h1>
      {answer && "link" in answer && (
        <div className="ws-notice ws-success" role="status">
          <p>
            {t(answer.done === "reset" ? "accounts.resetDone" : answer.mailed ? "accounts.invite.mailed" : "accounts.invite.done", {
              email: answer.email,
            })}
          </p>
          <p>
            <code dir="ltr" className="ws-link">
              {answer.link}
            </code>
          </p>
        </div>
      )}
      {answer && "done" in answer && answer.done === "role" && (
        <Notice kind="success">{t("accounts.roleDone", { email: answer.email })}</Notice>
      )}
      {answer && "problem" in answer && answer.intent !== "invite" && <Notice kind="error">{t(`problems.${answer.problem}`)}</Notice>}
      <section aria-labelledby="invite-title" className="ws-card">
        <h2 id="invite-title">{t("accounts.invite.title")}</h2>
        <form method="post" className="ws-form">
          <input type="hidden" name="intent" value="invite" />
          <Field name="name" label={t("accounts.invite.name")} autoComplete="off" problem={inviteProblem("name")} required />
          <Field
            name="email"
            label={t("accounts.invite.email")}
            type="email"
            autoComplete="off"
            problem={inviteProblem("email")}
            required
            dir="ltr"
          />
          <div className="ws-field">
            <label htmlFor="invite-role">{t("accounts.invite.role")}</label>
            <RoleSelect id="invite-role" />
          </div>
          <div className="ws-field">
            <label htmlFor="invite-ui-language">{t("accounts.invite.uiLanguage")}</label>
            <select id="invite-ui-language" name="uiLanguage" defaultValue="en">
              {LANGUAGE_CODES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {languageName(code)}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="ws-field">
            <legend>{t("accounts.invite.languages")}</legend>
            <LanguageChoices idPrefix="invite-language" chosen={[]} />
            {inviteProblem("languages") && <p className="ws-problem">{t(`problems.${inviteProblem("languages")}`)}</p>}
          </fieldset>
          <button type="submit" className="button">
            {t("accounts.invite.submit")}
          </button>
        </form>
      </section>
      <WorkspaceTable
        caption={t("accounts.list.caption")}
        columns={[
          t("accounts.list.name"),
          t("accounts.list.email"),
          t("accounts.list.twoFactor"),
          t("accounts.list.status"),
          t("accounts.list.role"),
          t("accounts.list.actions"),
        ]}
      >
        {accounts.map((a) => (
          <tr key={a.id}>
            <th scope="row">{a.name}</th>
            <td dir="ltr">{a.email}</td>
            <td>{a.twoFactorEnabled ? t("accounts.list.on") : t("accounts.list.off")}</td>
            <td>{a.hasPassword ? t("accounts.list.active") : t("accounts.list.invited")}</td>
            <td>
              <form method="post" className="ws-row-form" aria-label={`${t("accounts.setRole")}: ${a.email}`}>
                <input type="hidden" name="intent" value="role" />
                <input type="hidden" name="id" value={a.id} />
                <label htmlFor={`role-${a.id}`} className="visually-hidden">
                  {t("accounts.list.role")}
                </label>
                <RoleSelect id={`role-${a.id}`} value={a.role} />
                <LanguageChoices idPrefix={`languages-${a.id}`} chosen={a.languages ? a.languages.split(",") : []} />
                <button type="submit" className="button secondary">
                  {t("accounts.setRole")}
                </button>
              </form>
            </td>
            <td>
              <form method="post">
                <input type="hidden" name="intent" value="reset" />
                <input type="hidden" name="id" value={a.id} />
                <button type="submit" className="button secondary" aria-label={`${t("accounts.reset")}: ${a.email}`}>
                  {t("accounts.reset")}
                </button>
              </form>
            </td>
          </tr>
        ))}
      </WorkspaceTable>
    </>
  );
}
