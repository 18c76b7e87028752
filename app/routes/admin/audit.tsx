// /admin/audit (admins): the audit log, newest first, filtered by action, 50 entries a page. It can be read
// here and nowhere changed.
import { useLoaderData, useRouteLoaderData } from "react-router";
import type { WorkspaceLayoutData } from "./layout";
import { AUDIT_ACTIONS, isAuditAction } from "../../../domain/workspace/audit-actions";
import type { Route } from "./+types/audit";
import { useI18n } from "../../i18n/I18nProvider";
import { signedIn, workspaceOf } from "../../lib/workspace.server";
import { formatTime } from "../../lib/workspace-format";
import { WorkspaceTable } from "../../components/workspace/Table";

const PAGE = 50;

export async function loader({ context, request }: Route.LoaderArgs) {
  signedIn(context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("action");
  const action = isAuditAction(asked) ? asked : undefined;
  const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1), 10_000);
  const rows = await workspaceOf(context).service.audit({ action, limit: PAGE + 1, offset: (page - 1) * PAGE });
  return { entries: rows.slice(0, PAGE), action: action ?? "", page, hasOlder: rows.length > PAGE };
}

const show = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

export default function Audit() {
  const { t, language } = useI18n();
  const { entries, action, page, hasOlder } = useLoaderData<typeof loader>();
  // Action names contain a dot, so their labels are read from the texts directly.
  const labels = useRouteLoaderData<WorkspaceLayoutData>("routes/admin/layout")!.messages.audit.actions;
  const labelOf = (a: string) => (isAuditAction(a) ? labels[a] : a);
  const pageLink = (p: number) => `?${new URLSearchParams({ ...(action ? { action } : {}), page: String(p) }).toString()}`;
  return (
    <>
      <h1>{t("audit.title")}</h1>
      <p>{t("audit.intro")}</p>
      <form method="get" className="ws-form ws-inline">
        <label htmlFor="audit-action">{t("audit.filter")}</label>
        <select id="audit-action" name="action" defaultValue={action}>
          <option value="">{t("audit.allActions")}</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {labels[a]}
            </option>
          ))}
        </select>
        <button type="submit" className="button secondary">
          {t("audit.apply")}
        </button>
      </form>
      {entries.length === 0 ? (
        <p>{t("audit.empty")}</p>
      ) : (
        <WorkspaceTable
          caption={t("audit.caption")}
          columns={[t("audit.when"), t("audit.who"), t("audit.action"), t("audit.target"), t("audit.change")]}
        >
          {entries.map((e) => (
            <tr key={e.id}>
              <td>{formatTime(e.at, language)}</td>
              <td dir="ltr">{e.actorEmail ?? t("audit.nobody")}</td>
              <td>
                {labelOf(e.action)}{" "}
                <code dir="ltr" className="ws-action">
                  {e.action}
                </code>
              </td>
              <td dir="ltr">{e.target}</td>
              <td dir="ltr">
                {show(e.before)}
                {e.before !== null && e.after !== null && " → "}
                {show(e.after)}
              </td>
            </tr>
          ))}
        </WorkspaceTable>
      )}
      <nav className="ws-pages" aria-label={t("audit.title")}>
        {page > 1 && <a href={pageLink(page - 1)}>{t("audit.newer")}</a>}
        {hasOlder && <a href={pageLink(page + 1)}>{t("audit.older")}</a>}
      </nav>
    </>
  );
}
