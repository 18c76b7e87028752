// /admin/inbox (admins and editors): the contact form's messages, newest first, searched and filtered by
// state, 25 a page, with the export of what the filter finds.
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/inbox";
import { useI18n } from "../../i18n/I18nProvider";
import { inboxFilter, inboxOf, inboxRefusal } from "../../lib/inbox.server";
import { formatTime } from "../../lib/workspace-format";
import { MESSAGE_STATES } from "../../../shared/message-states";
import { WorkspaceTable } from "../../components/workspace/Table";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { reader, inbox } = inboxOf(context);
  const url = new URL(request.url);
  const filter = inboxFilter(url);
  const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1), 10_000);
  try {
    return { ...(await inbox.list(reader, filter, page)), filter, page, months: await inbox.retentionMonths() };
  } catch (error) {
    throw inboxRefusal(error);
  }
}

export default function Inbox() {
  const { t, language } = useI18n();
  const { messages, total, pages, filter, page, months } = useLoaderData<typeof loader>();
  const query = (extra: Record<string, string>) =>
    new URLSearchParams({
      ...(filter.query ? { q: filter.query } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...extra,
    }).toString();
  return (
    <>
      <h1>{t("inbox.title")}</h1>
      <p>{t("inbox.intro", { months })}</p>
      <form method="get" className="ws-form ws-inline">
        <div className="ws-field">
          <label htmlFor="inbox-q">{t("inbox.search")}</label>
          <input id="inbox-q" name="q" type="search" defaultValue={filter.query ?? ""} />
        </div>
        <div className="ws-field">
          <label htmlFor="inbox-status">{t("inbox.status")}</label>
          <select id="inbox-status" name="status" defaultValue={filter.status ?? ""}>
            <option value="">{t("inbox.all")}</option>
            {MESSAGE_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`inbox.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="ws-button ws-secondary">
          {t("inbox.apply")}
        </button>
        <a className="ws-button ws-secondary" href={`/admin/inbox/export?${query({})}`} download>
          {t("inbox.export")}
        </a>
      </form>
      <p role="status">{t("inbox.count", { count: total })}</p>
      {messages.length === 0 ? (
        <p>{t("inbox.empty")}</p>
      ) : (
        <WorkspaceTable
          caption={t("inbox.caption")}
          columns={[t("inbox.received"), t("inbox.from"), t("inbox.subject"), t("inbox.status"), t("inbox.mail")]}
        >
          {messages.map((m) => (
            <tr key={m.id} className={m.status === "new" ? "ws-unread" : undefined}>
              <td>{formatTime(m.created_at, language)}</td>
              <td dir="auto">{m.name}</td>
              <td>
                <Link to={`/admin/inbox/${m.id}`} dir="auto">
                  {m.subject}
                </Link>
              </td>
              <td>{t(`inbox.states.${m.status}`)}</td>
              <td>{t(`inbox.mailStates.${m.mail_status}`)}</td>
            </tr>
          ))}
        </WorkspaceTable>
      )}
      <nav className="ws-pages" aria-label={t("inbox.title")}>
        {page > 1 && <a href={`?${query({ page: String(page - 1) })}`}>{t("inbox.newer")}</a>}
        {page < pages && <a href={`?${query({ page: String(page + 1) })}`}>{t("inbox.older")}</a>}
      </nav>
    </>
  );
}
