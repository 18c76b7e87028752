// POST /admin/content/{type}/{slug}/review: the two-person rule's steps on one item (decision 031): submitting
// the draft for review, approving it (which publishes it) or sending it back with a comment, commenting, and an
// outside reviewer's private link made or revoked. Done, it goes back to the item; a new link is shown here once
// (only its hash is kept); refused, this page says why.
import { data, Link, redirect, useActionData } from "react-router";
import { useI18n } from "../../i18n/I18nProvider";
import { Outcome } from "../../components/workspace/ContentForm";
import type { Route } from "./+types/content-review";
import { appContext } from "../../request-context";
import { originOf } from "../../lib/loader-params.server";
import { editorOf, refusal, type EditingAnswer } from "../../lib/content.server";
import { formText, postedForm } from "../../lib/form";
import { formatTime } from "../../lib/workspace-format";

type MadeLink = { link: string; expiresAt: string };

export async function action({ context, params, request }: Route.ActionArgs) {
  const { editor, editing } = editorOf(context);
  const { domain } = context.get(appContext);
  const review = domain.review;
  const form = await postedForm(request);
  const { type, slug } = params;
  const revision = Number(formText(form, "revision"));
  const note = formText(form, "note");
  const back = (done: string) => redirect(`/admin/content/${type}/${slug}?done=${done}#review`, 303);
  try {
    switch (formText(form, "intent")) {
      case "submit":
        await review.submit(editor, type, slug, revision, formText(form, "reviewer"), note);
        return back("submitted");
      case "approve":
        await editing.approve(editor, type, slug, revision, note);
        return back("approved");
      case "return":
        await review.sendBack(editor, type, slug, revision, note);
        return back("returned");
      case "comment":
        await review.comment(editor, type, slug, note);
        return back("commented");
      case "link": {
        const { token, expiresAt } = await review.createLink(editor, type, slug);
        const origin = originOf(context, request);
        return data<MadeLink>({ link: new URL(`/review/${token}`, origin).href, expiresAt });
      }
      case "revoke":
        await review.revokeLink(editor, type, slug, formText(form, "link"));
        return back("link-revoked");
      default:
        return data<EditingAnswer>({ code: "invalid", problems: [] }, { status: 400 });
    }
  } catch (error) {
    return refusal(error);
  }
}

/** The link just made (shown this once), or why the step was refused; and the way back to the item. */
export default function ReviewStep({ params }: Route.ComponentProps) {
  const { t, language } = useI18n();
  const answer = useActionData<EditingAnswer | MadeLink>();
  const itemPath = `/admin/content/${params.type}/${params.slug}`;
  return (
    <>
      <h1>{t("review.title")}</h1>
      {answer && "link" in answer ? (
        <section className="ws-card" aria-labelledby="made-link">
          <h2 id="made-link">{t("review.linkMade", { at: formatTime(answer.expiresAt, language) })}</h2>
          <p>{t("review.linkOnce")}</p>
          <p>
            <code dir="ltr" className="ws-link">
              {answer.link}
            </code>
          </p>
        </section>
      ) : (
        <Outcome answer={answer} itemPath={itemPath} />
      )}
      <p>
        <Link to={`${itemPath}#review`}>{t("content.back")}</Link>
      </p>
    </>
  );
}
