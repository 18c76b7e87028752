// /admin/audit (admins): the audit log, newest first, filtered by action, 50 entries a page. It can be read
// here and nowhere changed.
import { useLoaderData } from "react-router";
import type { Route } from "./+types/audit";
import { useI18n } from "../../i18n/I18nProvider";
import { signedIn, workspaceOf } from "../../lib/workspace.server";
import { formatTime } from "../../lib/workspace-time";

const PAGE = 50;
export const AUDIT_ACTIONS = [
  "sign-in",
  "sign-in.password",
  "sign-in.failed",
  "sign-in.throttled",
  "sign-in.two-factor-failed",
  "sign-out",
  "sign-out.everywhere",
  "two-factor.enabled",
  "password.changed",
  "password.reset",
  "account.invite",
  "account.password-set",
  "account.role",
] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  signedIn(context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("action") ?? "";
  const action = (AUDIT_ACTIONS as readonly string[]).includes(asked) ? asked : undefined;
  const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1), 10_000);
  const rows = await workspaceOf(context).service.audit({ action, limit: PAGE + 1, offset: (page - 1) * PAGE });
  return { entries: rows.slice(0, PAGE), action: action ?? "", page, hasOlder: rows.length > PAGE };
}

const show = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

export default function Audit() {
  const { t, language } = useI18n();
  const { entries, action, page, hasOlder } = useLoaderData<typeof loader>();
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
              {a}
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
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, and keyboard users must reach it (WCAG 2.1.1).
        <section className="ws-scroll" aria-label={t("audit.caption")} tabIndex={0}>
          <table className="ws-table">
            <caption>{t("audit.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("audit.when")}</th>
                <th scope="col">{t("audit.who")}</th>
                <th scope="col">{t("audit.action")}</th>
                <th scope="col">{t("audit.target")}</th>
                <th scope="col">{t("audit.change")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{formatTime(e.at, language)}</td>
                  <td dir="ltr">{e.actorEmail ?? t("audit.nobody")}</td>
                  <td dir="ltr">{e.action}</td>
                  <td dir="ltr">{e.target}</td>
                  <td dir="ltr">
                    {show(e.before)}
                    {e.before !== null && e.after !== null && " → "}
                    {show(e.after)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <nav className="ws-pages" aria-label={t("audit.title")}>
        {page > 1 && <a href={pageLink(page - 1)}>{t("audit.newer")}</a>}
        {hasOlder && <a href={pageLink(page + 1)}>{t("audit.older")}</a>}
      </nav>
    </>
  );
}
