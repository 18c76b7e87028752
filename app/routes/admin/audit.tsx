// /admin/audit (admins): the audit log, newest first, 50 entries a page, filtered by action, person, item and
// days; each change as its fields before and after, each item a link to its page, and the filtered entries as a
// CSV file (/admin/audit/export). It can be read here and nowhere changed.
import { Link, useLoaderData } from "react-router";
import { useEnclosingRouteData } from "../../lib/route-data";
import type { WorkspaceLayoutData } from "./layout";
import { AUDIT_ACTIONS, isAuditAction } from "../../../domain/workspace/audit-actions";
import type { Route } from "./+types/audit";
import { useI18n } from "../../i18n/I18nProvider";
import { signedIn, workspaceOf } from "../../lib/workspace.server";
import { auditFilter } from "../../lib/audit.server";
import { formatTime } from "../../lib/workspace-format";
import { WorkspaceTable } from "../../components/workspace/Table";
import { AuditChange } from "../../components/workspace/AuditChange";
import { CONTENT_TYPES } from "../../lib/content-fields";

const PAGE = 50;

export async function loader({ context, request }: Route.LoaderArgs) {
  signedIn(context);
  const url = new URL(request.url);
  const { filter, form } = auditFilter(url);
  const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1), 10_000);
  const rows = await workspaceOf(context).service.audit({ ...filter, limit: PAGE + 1, offset: (page - 1) * PAGE });
  return { entries: rows.slice(0, PAGE), form, page, hasOlder: rows.length > PAGE };
}

/** An item's page, when the entry is about one ("site/umayyad-mosque"). */
function itemPath(target: string): string | null {
  const [type, slug, ...rest] = target.split("/");
  return rest.length === 0 && type && slug && CONTENT_TYPES.includes(type) ? `/admin/content/${type}/${slug}` : null;
}

/** An entry's target, linked to its item's page when it is about one. */
function Target({ target }: { target: string }) {
  const path = itemPath(target);
  return path ? <Link to={path}>{target}</Link> : target;
}

export default function Audit() {
  const { t, language } = useI18n();
  const { entries, form, page, hasOlder } = useLoaderData<typeof loader>();
  // Action names contain a dot, so their labels are read from the texts directly.
  const labels = useEnclosingRouteData<WorkspaceLayoutData>("routes/admin/layout").messages.audit.actions;
  const labelOf = (a: string) => (isAuditAction(a) ? labels[a] : a);
  const query = (extra: Record<string, string>) =>
    new URLSearchParams({ ...Object.fromEntries(Object.entries(form).filter(([, v]) => v !== "")), ...extra }).toString();
  return (
    <>
      <h1>{t("audit.title")}</h1>
      <p>{t("audit.intro")}</p>
      <form method="get" className="ws-form ws-filters">
        <div className="ws-field">
          <label htmlFor="audit-action">{t("audit.filter")}</label>
          <select id="audit-action" name="action" defaultValue={form.action}>
            <option value="">{t("audit.allActions")}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {labels[a]}
              </option>
            ))}
          </select>
        </div>
        {(
          [
            ["actor", "person", "search"],
            ["target", "item", "search"],
            ["from", "from", "date"],
            ["to", "to", "date"],
          ] as const
        ).map(([name, label, type]) => (
          <div className="ws-field" key={name}>
            <label htmlFor={`audit-${name}`}>{t(`audit.${label}`)}</label>
            <input id={`audit-${name}`} name={name} type={type} dir="ltr" defaultValue={form[name]} />
          </div>
        ))}
        <button type="submit" className="ws-button ws-secondary">
          {t("audit.apply")}
        </button>
      </form>
      <p>
        <a href={`/admin/audit/export?${query({})}`} download>
          {t("audit.export")}
        </a>
      </p>
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
              <td dir="ltr">
                <Target target={e.target} />
              </td>
              <td>
                <AuditChange before={e.before} after={e.after} />
              </td>
            </tr>
          ))}
        </WorkspaceTable>
      )}
      <nav className="ws-pages" aria-label={t("audit.title")}>
        {page > 1 && <a href={`?${query({ page: String(page - 1) })}`}>{t("audit.newer")}</a>}
        {hasOlder && <a href={`?${query({ page: String(page + 1) })}`}>{t("audit.older")}</a>}
      </nav>
    </>
  );
}
