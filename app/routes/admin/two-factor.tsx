// /admin/two-factor: the second step of signing in, for accounts with two-factor on. The password step left
// a short-lived cookie that says whose code this is; without it, the code is refused.
import { data, useActionData } from "react-router";
import { formText, postedForm } from "../../lib/form";
import type { Route } from "./+types/two-factor";
import { useI18n } from "../../i18n/I18nProvider";
import { redirectWithCookies, safeNext, workspaceOf } from "../../lib/workspace.server";
import { Field, Notice } from "../../components/workspace/Form";

export async function action({ context, request }: Route.ActionArgs) {
  const { service } = workspaceOf(context);
  const form = await postedForm(request);
  const result = await service.verifySignInCode(formText(form, "code"), request.headers);
  if (result.ok) return redirectWithCookies(safeNext(new URL(request.url).searchParams.get("next")), result.cookies);
  return data({ problem: "wrong" }, { status: 401 });
}

export default function TwoFactor() {
  const { t } = useI18n();
  const answer = useActionData<typeof action>();
  return (
    <section className="ws-narrow">
      <h1>{t("twoFactor.title")}</h1>
      <p>{t("twoFactor.intro")}</p>
      {answer && <Notice kind="error">{t("twoFactor.wrong")}</Notice>}
      <form method="post" className="ws-form">
        {/* Not numeric: a backup code has letters too. */}
        <Field name="code" label={t("twoFactor.code")} hint={t("twoFactor.backupHint")} autoComplete="one-time-code" required dir="ltr" />
        <button type="submit" className="button">
          {t("twoFactor.submit")}
        </button>
      </form>
    </section>
  );
}
