// /admin/inbox/{id}: one message (reading it marks it read and is written to the audit log), a reply in the
// editor's own mail program, its state, and its forwarding by mail with a button to send it again.
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/inbox-message";
import { useI18n } from "../../i18n/I18nProvider";
import { inboxOf, inboxRefusal } from "../../lib/inbox.server";
import { formText, postedForm } from "../../lib/form";
import { formatTime, languageName } from "../../lib/workspace-format";
import { Notice } from "../../components/workspace/Form";
import { MESSAGE_STATES } from "../../../shared/message-states";

const idOf = (param: string) => (/^\d{1,9}$/.test(param) ? Number(param) : 0);

export async function loader({ context, params }: Route.LoaderArgs) {
  const { reader, inbox } = inboxOf(context);
  try {
    return { message: await inbox.open(reader, idOf(params.id)) };
  } catch (error) {
    throw inboxRefusal(error);
  }
}

type Answer = { done: "marked" | "retried" | "notRetried"; status?: string } | { problem: string };

export async function action({ context, params, request }: Route.ActionArgs) {
  const { reader, inbox } = inboxOf(context);
  const form = await postedForm(request);
  const id = idOf(params.id);
  try {
    if (formText(form, "intent") === "retry") return data<Answer>({ done: (await inbox.retryMail(reader, id)) ? "retried" : "notRetried" });
    const status = formText(form, "status");
    await inbox.setStatus(reader, id, status);
    return data<Answer>({ done: "marked", status });
  } catch (error) {
    return inboxRefusal(error);
  }
}

export default function InboxMessage() {
  const { t, language } = useI18n();
  const { message: m } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const reply = `mailto:${encodeURIComponent(m.email)}?subject=${encodeURIComponent(t("inbox.replySubject", { subject: m.subject }))}`;
  return (
    <>
      <p>
        <Link to="/admin/inbox">{t("inbox.back")}</Link>
      </p>
      <h1 dir="auto">{m.subject}</h1>
      {answer && "done" in answer && (
        <Notice kind="success">
          {answer.done === "marked" ? t("inbox.marked", { status: t(`inbox.states.${answer.status}`) }) : t(`inbox.${answer.done}`)}
        </Notice>
      )}
      {answer && "problem" in answer && <Notice kind="error">{t("content.problems.other")}</Notice>}
      <dl className="ws-details">
        <dt>{t("inbox.from")}</dt>
        <dd>
          <span dir="auto">{m.name}</span> &lt;<span dir="ltr">{m.email}</span>&gt;
        </dd>
        <dt>{t("inbox.received")}</dt>
        <dd>{formatTime(m.created_at, language)}</dd>
        <dt>{t("inbox.language")}</dt>
        <dd>{languageName(m.language)}</dd>
        <dt>{t("inbox.status")}</dt>
        <dd>{t(`inbox.states.${m.status}`)}</dd>
        <dt>{t("inbox.mail")}</dt>
        <dd>{t(`inbox.mailStates.${m.mail_status}`)}</dd>
      </dl>
      <div className="ws-message" dir="auto">
        {m.message}
      </div>
      <p>
        <a className="ws-button" href={reply}>
          {t("inbox.reply")}
        </a>
      </p>
      <Form method="post" className="ws-inline">
        <span>{t("inbox.markAs")}</span>
        {MESSAGE_STATES.filter((s) => s !== m.status).map((s) => (
          <button key={s} type="submit" name="status" value={s} className="ws-button ws-secondary">
            {t(`inbox.states.${s}`)}
          </button>
        ))}
      </Form>
      {(m.mail_status === "failed" || m.mail_status === "pending") && (
        <Form method="post">
          <button type="submit" name="intent" value="retry" className="ws-button ws-secondary">
            {t("inbox.retry")}
          </button>
        </Form>
      )}
    </>
  );
}
