// The workspace's frame: its own header and navigation, in the account's language (the public site's
// navbar, footer and language redirect are not part of it), with the workspace's stylesheet.
import { isRouteErrorResponse, NavLink, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/layout";
import { I18nProvider, useI18n } from "../../i18n/I18nProvider";
import { workspaceLanguage, workspaceMessages } from "../../i18n/workspace-messages";
import { workspaceOf } from "../../lib/workspace.server";
import { can } from "../../../domain/workspace/roles";
import workspaceCss from "../../styles/workspace.css?url";

export const handle = { workspace: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: workspaceCss }];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.messages.title ?? "Workspace" },
  { name: "robots", content: "noindex, nofollow" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const { who } = workspaceOf(context);
  const language = workspaceLanguage(who?.account.uiLanguage, new URL(request.url).searchParams.get("lang"));
  const role = who?.account.role ?? "";
  return {
    language,
    messages: workspaceMessages(language),
    account: who ? { name: who.account.name, role } : null,
    nav: {
      content: can(role, "content.read"),
      statistics: can(role, "content.edit"),
      accounts: can(role, "accounts.manage"),
      audit: can(role, "audit.read"),
      inbox: can(role, "messages.read"),
    },
  };
}

export type WorkspaceLayoutData = ReturnType<typeof loader>;

function Header() {
  const { account, nav, messages } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <header className="ws-header">
      <a className="ws-brand" href="/admin">
        {messages.brand}
      </a>
      {account && (
        <nav aria-label={t("nav.label")}>
          <ul className="ws-nav">
            <li>
              <NavLink to="/admin" end>
                {t("nav.dashboard")}
              </NavLink>
            </li>
            {nav.content && (
              <>
                <li>
                  <NavLink to="/admin/content">{t("nav.content")}</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/translations">{t("nav.translations")}</NavLink>
                </li>
                <li>
                  <NavLink to="/admin/media">{t("nav.media")}</NavLink>
                </li>
              </>
            )}
            {nav.statistics && (
              <li>
                <NavLink to="/admin/statistics">{t("nav.statistics")}</NavLink>
              </li>
            )}
            {nav.inbox && (
              <li>
                <NavLink to="/admin/inbox">{t("nav.inbox")}</NavLink>
              </li>
            )}
            {nav.accounts && (
              <li>
                <NavLink to="/admin/accounts">{t("nav.accounts")}</NavLink>
              </li>
            )}
            {nav.audit && (
              <li>
                <NavLink to="/admin/audit">{t("nav.audit")}</NavLink>
              </li>
            )}
            <li>
              <NavLink to="/admin/account">{t("nav.account")}</NavLink>
            </li>
            <li>
              <form method="post" action="/admin/sign-out">
                <button type="submit" className="ws-link-button">
                  {t("nav.signOut")}
                </button>
              </form>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}

export default function WorkspaceLayout() {
  const { language, messages } = useLoaderData<typeof loader>();
  // Marks the page as interactive, as the public frame does (end-to-end tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <I18nProvider language={language} languageId={0} messages={messages}>
      <a className="skip-link" href="#main">
        {messages.skip}
      </a>
      <Header />
      <main id="main" className="ws-main">
        <Outlet />
      </main>
    </I18nProvider>
  );
}

/** A failure inside the workspace keeps its frame and says what happened in the account's language. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const error = useRouteError();
  // Without the layout's data (its loader failed) the site's own error page takes over.
  if (!data) throw error;
  const { messages } = data;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const text = status === 404 ? messages.errors.notFound : status === 403 ? messages.errors.forbidden : messages.errors.failed;
  return (
    <main id="main" className="ws-main">
      <h1>{text}</h1>
      <p>
        <a href="/admin">{messages.nav.dashboard}</a>
      </p>
    </main>
  );
}
