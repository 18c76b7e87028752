// An item's review (decision 031): whether its change waits for a second person, what was said of it, and the
// steps the account may take (posted to ./review): submit, approve or send back, comment, and the private links
// an outside reviewer is sent. Approval is offered only to someone who did not submit or last save the change.
import { Form } from "react-router";
import { useI18n } from "../../i18n/I18nProvider";
import { formatTime } from "../../lib/workspace-format";
import type { WaitingReview } from "../../../db/repositories/documents";
import type { ReviewLink, ReviewNote } from "../../../db/repositories/reviews";

export type ReviewView = {
  /** Whether the site's two-person rule is on. */
  rule: boolean;
  waiting: WaitingReview | null;
  notes: ReviewNote[];
  links: ReviewLink[];
  reviewers: string[];
};

type Props = {
  path: string;
  revision: number;
  /** Who is signed in, and who last saved the draft: neither may approve what they wrote. */
  me: string;
  lastSavedBy: string | null;
  may: { write: boolean; edit: boolean; publish: boolean };
  review: ReviewView;
};

export function ReviewSection({ path, revision, me, lastSavedBy, may, review }: Props) {
  const { t, language } = useI18n();
  const { waiting } = review;
  const current = waiting !== null && waiting.revision === revision;
  const own = waiting !== null && (waiting.by === me || lastSavedBy === me);
  return (
    <section className="ws-card" aria-labelledby="review">
      <h2 id="review">{t("review.title")}</h2>
      <p>{t(review.rule ? "review.ruleOn" : "review.ruleOff")}</p>
      {waiting && (
        <p className="ws-notice">
          {t(waiting.for ? "review.waitingFor" : "review.waitingAny", {
            by: waiting.by,
            for: waiting.for ?? "",
            at: formatTime(waiting.at, language),
          })}
          {!current && ` ${t("review.changedSince")}`}
        </p>
      )}
      {review.notes.length > 0 && (
        <ol aria-label={t("review.notes")}>
          {review.notes.map((n) => (
            <li key={n.id}>
              <strong>{t(`review.kinds.${n.kind}`)}</strong>
              {` · ${n.author} · ${formatTime(n.at, language)}`}
              {n.body && <p dir="auto">{n.body}</p>}
            </li>
          ))}
        </ol>
      )}
      {may.publish && current && !own && (
        <Form method="post" action={`${path}/review`} className="ws-form">
          <input type="hidden" name="revision" value={revision} />
          <div className="ws-field">
            <label htmlFor="review-note">{t("review.decisionNote")}</label>
            <textarea id="review-note" name="note" rows={3} aria-describedby="review-note-hint" />
            <p id="review-note-hint" className="ws-hint">
              {t("review.decisionHint")}
            </p>
          </div>
          <div className="ws-inline">
            <button type="submit" name="intent" value="approve" className="ws-button">
              {t("review.approve")}
            </button>
            <button type="submit" name="intent" value="return" className="ws-button ws-secondary">
              {t("review.sendBack")}
            </button>
          </div>
        </Form>
      )}
      {current && own && <p>{t("review.yours")}</p>}
      {may.write && !current && (
        <Form method="post" action={`${path}/review`} className="ws-form">
          <input type="hidden" name="revision" value={revision} />
          <div className="ws-field">
            <label htmlFor="reviewer">{t("review.reviewer")}</label>
            <select id="reviewer" name="reviewer" defaultValue="">
              <option value="">{t("review.anyReviewer")}</option>
              {review.reviewers.map((email) => (
                <option key={email} value={email}>
                  {email}
                </option>
              ))}
            </select>
          </div>
          <div className="ws-field">
            <label htmlFor="submit-note">{t("review.submitNote")}</label>
            <textarea id="submit-note" name="note" rows={2} />
          </div>
          <button type="submit" name="intent" value="submit" className="ws-button">
            {t("review.submit")}
          </button>
        </Form>
      )}
      {may.write && (
        <Form method="post" action={`${path}/review`} className="ws-form">
          <div className="ws-field">
            <label htmlFor="comment">{t("review.comment")}</label>
            <textarea id="comment" name="note" rows={2} required />
          </div>
          <button type="submit" name="intent" value="comment" className="ws-button ws-secondary">
            {t("review.addComment")}
          </button>
        </Form>
      )}
      {may.edit && <OutsideLinks path={path} links={review.links} />}
    </section>
  );
}

/** The private links to this draft for reviewers without an account: those still open, and a new one. */
function OutsideLinks({ path, links }: { path: string; links: ReviewLink[] }) {
  const { t, language } = useI18n();
  return (
    <>
      <h3 id="outside-links">{t("review.outside")}</h3>
      <p>{t("review.outsideNote")}</p>
      {links.length > 0 && (
        <ul aria-labelledby="outside-links">
          {links.map((l) => (
            <li key={l.id}>
              <Form method="post" action={`${path}/review`} className="ws-inline">
                <span id={`link-${l.id.slice(0, 8)}`}>
                  {t("review.linkOpen", { by: l.createdBy, at: formatTime(l.expiresAt, language) })}
                </span>
                <input type="hidden" name="link" value={l.id} />
                <button
                  type="submit"
                  name="intent"
                  value="revoke"
                  className="ws-button ws-secondary"
                  aria-describedby={`link-${l.id.slice(0, 8)}`}
                >
                  {t("review.revoke")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action={`${path}/review`}>
        <button type="submit" name="intent" value="link" className="ws-button ws-secondary">
          {t("review.makeLink")}
        </button>
      </Form>
    </>
  );
}
