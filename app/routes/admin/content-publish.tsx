// POST /admin/content/{type}/{slug}/publish (editors): publish the draft now, take the item off the site, or
// schedule its publication (a time in Damascus, where the ministry works). Done, it goes back to the item;
// refused, this page says why (it has no loader that could send the answer elsewhere before it is shown).
import { data, Link, redirect, useActionData } from "react-router";
import { useI18n } from "../../i18n/I18nProvider";
import { Outcome } from "../../components/workspace/ContentForm";
import type { Route } from "./+types/content-publish";
import { editorOf, refusal, type EditingAnswer } from "../../lib/content.server";
import { formText, postedForm } from "../../lib/form";
import { damascusTime } from "../../../shared/damascus-time";

export async function action({ context, params, request }: Route.ActionArgs) {
  const { editor, editing } = editorOf(context);
  const form = await postedForm(request);
  const revision = Number(formText(form, "revision"));
  const intent = formText(form, "intent");
  const back = `/admin/content/${params.type}/${params.slug}`;
  try {
    // While the two-person rule is on, only an admin's "publish now", with its reason, gets past review.
    if (intent === "publish") await editing.publish(editor, params.type, params.slug, revision, formText(form, "reason"));
    else if (intent === "unpublish") await editing.unpublish(editor, params.type, params.slug, revision);
    else if (intent === "schedule" || intent === "unschedule") {
      const at = intent === "schedule" ? damascusTime(formText(form, "publishAt")) : null;
      if (intent === "schedule" && !at)
        return data<EditingAnswer>({ code: "invalid", problems: [{ field: "publishAt", code: "future" }] }, { status: 422 });
      await editing.schedule(editor, params.type, params.slug, revision, at);
    } else return data<EditingAnswer>({ code: "invalid", problems: [] }, { status: 400 });
    const done = { publish: "published", unpublish: "unpublished", schedule: "scheduled", unschedule: "unscheduled" }[intent];
    return redirect(`${back}?done=${done}`, 303);
  } catch (error) {
    return refusal(error);
  }
}

/** Why the action was refused (nothing, when the page is simply opened), and the way back to the item. */
export default function PublishRefused({ params }: Route.ComponentProps) {
  const { t } = useI18n();
  const answer = useActionData<EditingAnswer>();
  return (
    <>
      <h1>{t("content.publishing")}</h1>
      <Outcome answer={answer} itemPath={`/admin/content/${params.type}/${params.slug}`} />
      <p>
        <Link to={`/admin/content/${params.type}/${params.slug}`}>{t("content.back")}</Link>
      </p>
    </>
  );
}
