// An item's publishing: at once, taken off, or at a time (posted to the item's ./publish); while the two-person
// rule is on, by its review, or at once by an admin with a reason.
import { Form } from "react-router";
import { useI18n } from "../../i18n/I18nProvider";

/**
 * Publishing, unpublishing and scheduling (posted to ./publish). While the two-person rule is on, a change is
 * published by its review; only an admin may publish at once, with the reason it cannot wait ("publish now").
 */
export function PublishingSection({
  item,
  revision,
  fixed,
  rule,
  publishNow,
}: {
  item: { type: string; slug: string; status: string; publishAt: string | null };
  revision: number;
  fixed: boolean;
  rule: boolean;
  publishNow: boolean;
}) {
  const { t } = useI18n();
  const action = `/admin/content/${item.type}/${item.slug}/publish`;
  return (
    <section className="ws-card" aria-labelledby="publishing">
      <h2 id="publishing">{t("content.publishing")}</h2>
      {rule && !publishNow && <p>{t("review.publishByReview")}</p>}
      <Form method="post" action={action} className="ws-form">
        <input type="hidden" name="revision" value={revision} />
        {rule && publishNow && (
          <div className="ws-field">
            <label htmlFor="reason">{t("review.reason")}</label>
            <textarea id="reason" name="reason" rows={2} required aria-describedby="reason-hint" />
            <p id="reason-hint" className="ws-hint">
              {t("review.reasonHint")}
            </p>
          </div>
        )}
        <div className="ws-inline">
          {(!rule || publishNow) && (
            <button type="submit" name="intent" value="publish" className="ws-button">
              {t(rule ? "review.publishNow" : "content.publish")}
            </button>
          )}
          {item.status !== "draft" && !fixed && (
            <button type="submit" name="intent" value="unpublish" className="ws-button ws-secondary" formNoValidate>
              {t("content.unpublish")}
            </button>
          )}
        </div>
      </Form>
      {(!rule || item.publishAt) && (
        <Form method="post" action={action} className="ws-inline">
          <input type="hidden" name="revision" value={revision} />
          {!rule && (
            <>
              <div className="ws-field">
                <label htmlFor="publish-at">{t("content.publishAt")}</label>
                <input type="datetime-local" id="publish-at" name="publishAt" dir="ltr" />
              </div>
              <button type="submit" name="intent" value="schedule" className="ws-button ws-secondary">
                {t("content.schedule")}
              </button>
            </>
          )}
          {item.publishAt && (
            <button type="submit" name="intent" value="unschedule" className="ws-button ws-secondary">
              {t("content.unschedule")}
            </button>
          )}
        </Form>
      )}
    </section>
  );
}
