// /admin/invitation/:token: the link an admin's invitation (or password reset) gives. It works once, for
// 72 hours, and sets the account's password; the invitee then signs in.
import { data, redirect, useActionData, useLoaderData } from "react-router";
import { formText, postedForm } from "../../lib/form";
import type { Route } from "./+types/invitation";
import { useI18n } from "../../i18n/I18nProvider";
import { problemOf, workspaceOf } from "../../lib/workspace.server";
import { NewPasswordFields, WorkspaceLanguageLink } from "../../components/workspace/Form";

export async function loader({ context, params }: Route.LoaderArgs) {
  const account = await workspaceOf(context).service.invitation(params.token);
  if (!account) return data({ account: null }, { status: 404 });
  return { account: { name: account.name, email: account.email } };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await postedForm(request);
  try {
    const account = await workspaceOf(context).service.acceptInvitation(
      params.token,
      formText(form, "password"),
      formText(form, "confirmation"),
      new URL(request.url).searchParams.get("lang") ?? undefined,
    );
    return redirect(`/admin/sign-in?password-set&lang=${account.uiLanguage}`, 303);
  } catch (error) {
    return problemOf(error);
  }
}

export default function Invitation() {
  const { t } = useI18n();
  const { account } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (!account || answer?.problem === "invitation.invalid") {
    return (
      <section className="ws-narrow">
        <h1>{t("invitation.title")}</h1>
        <p role="alert">{t("invitation.invalid")}</p>
      </section>
    );
  }
  const problem = (field: string) => (answer?.field === field ? answer.problem : undefined);
  return (
    <section className="ws-narrow">
      <WorkspaceLanguageLink />
      <h1>{t("invitation.title")}</h1>
      <p>{t("invitation.intro", { name: account.name, email: account.email })}</p>
      <form method="post" className="ws-form">
        <input type="email" name="username" autoComplete="username" value={account.email} readOnly hidden />
        <NewPasswordFields label={t("invitation.password")} confirmationLabel={t("invitation.confirmation")} problem={problem} />
        <button type="submit" className="button">
          {t("invitation.submit")}
        </button>
      </form>
    </section>
  );
}
