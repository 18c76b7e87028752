// /admin/sign-in: e-mail and password. An account with two-factor goes on to /admin/two-factor; too many
// failures (by account or by address, counted in the database) are refused with Retry-After.
import { data, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { formText, postedForm } from "../../lib/form";
import type { Route } from "./+types/sign-in";
import { useI18n } from "../../i18n/I18nProvider";
import { redirectWithCookies, safeNext, workspaceOf } from "../../lib/workspace.server";
import { Field, Notice, WorkspaceLanguageLink } from "../../components/workspace/Form";
import { actionOrLoaderHeaders } from "../../lib/answer-headers";

type SignInAnswer = { problem: "refused" } | { problem: "throttled"; minutes: number };

export function loader({ context, request }: Route.LoaderArgs) {
  if (workspaceOf(context).who) throw redirect("/admin", 303);
  return { passwordSet: new URL(request.url).searchParams.has("password-set") };
}

/** A refusal for too many attempts carries its Retry-After (app/lib/answer-headers.ts). */
export const headers = actionOrLoaderHeaders;

export async function action({ context, request }: Route.ActionArgs) {
  const { service, client } = workspaceOf(context);
  const form = await postedForm(request);
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  const result = await service.signIn({
    email: formText(form, "email"),
    password: formText(form, "password"),
    client,
    headers: request.headers,
  });
  if (result.outcome === "signed-in") return redirectWithCookies(next, result.cookies);
  if (result.outcome === "two-factor") return redirectWithCookies(`/admin/two-factor?next=${encodeURIComponent(next)}`, result.cookies);
  if (result.outcome === "throttled") {
    return data<SignInAnswer>(
      { problem: "throttled", minutes: Math.ceil(result.retryAfterSeconds / 60) },
      { status: 429, headers: { "retry-after": String(result.retryAfterSeconds) } },
    );
  }
  return data<SignInAnswer>({ problem: "refused" }, { status: 401 });
}

export default function SignIn() {
  const { t } = useI18n();
  const { passwordSet } = useLoaderData<typeof loader>();
  const answer = useActionData<SignInAnswer>();
  const [params] = useSearchParams();
  return (
    <section className="ws-narrow">
      <WorkspaceLanguageLink />
      <h1>{t("signIn.title")}</h1>
      <p>{t("signIn.intro")}</p>
      {passwordSet && <Notice kind="success">{t("signIn.passwordSet")}</Notice>}
      {answer?.problem === "refused" && <Notice kind="error">{t("signIn.refused")}</Notice>}
      {answer?.problem === "throttled" && <Notice kind="error">{t("signIn.throttled", { minutes: answer.minutes })}</Notice>}
      <form method="post" action={`/admin/sign-in?${params.toString()}`} className="ws-form">
        <Field name="email" label={t("signIn.email")} type="email" autoComplete="username" required dir="ltr" />
        <Field name="password" label={t("signIn.password")} type="password" autoComplete="current-password" required />
        <button type="submit" className="button">
          {t("signIn.submit")}
        </button>
      </form>
    </section>
  );
}
