// The editorial workspace's gate. Every request under /admin passes here before React Router sees it:
// - every answer is `Cache-Control: no-store`;
// - a request that changes something must come from our own pages (Origin, else Sec-Fetch-Site), which with
//   the SameSite=Strict cookie is the CSRF defence (OWASP ASVS 4.2.2);
// - the route must be in the workspace's route list, and the signed-in account's role must allow it.
// Public pages never reach this and never see a cookie (see app.ts).
import type { Context, MiddlewareHandler } from "hono";
import type { Domain } from "../../domain/domain.ts";
import type { SiteConfig } from "../../shared/site-config.ts";
import type { SignedIn } from "../../domain/workspace/service.ts";
import { can } from "../../domain/workspace/roles.ts";
import { TWO_FACTOR_SETUP_ROUTES, workspaceRouteOf } from "../../shared/workspace-routes.ts";
import { workspaceLanguage, workspaceMessages } from "../../app/i18n/workspace-messages.ts";
import { directionOf, type LanguageCode } from "../../shared/languages.ts";

export type WorkspaceVariables = { workspaceUser?: SignedIn };

const SAFE = new Set(["GET", "HEAD"]);

function sameOrigin(origin: string | undefined, fetchSite: string | undefined, requestOrigin: string, publicOrigin?: string) {
  if (origin) return origin === requestOrigin || origin === publicOrigin;
  return fetchSite === "same-origin";
}

/** A refusal as a small page in the account's language (for answers made outside React Router). */
export function plainPage(status: number, language: LanguageCode, text: string, link?: { href: string; label: string }) {
  const dir = directionOf(language);
  const a = link ? `<p><a href="${link.href}">${link.label}</a></p>` : "";
  return new Response(
    `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text}</title></head><body><main><h1>${text}</h1>${a}</main></body></html>`,
    { status, headers: { "content-type": "text/html; charset=utf-8" } },
  );
}

export function workspaceGuard(domain: Domain, site: SiteConfig): MiddlewareHandler<{ Variables: WorkspaceVariables }> {
  return async (c, next) => {
    const refusal = await refuse(c, domain, site);
    if (refusal) {
      refusal.headers.set("cache-control", "no-store");
      return refusal;
    }
    await next();
    c.res.headers.set("cache-control", "no-store");
  };
}

/** Why this request may not go on, as the answer to send; undefined when it may. */
async function refuse(c: Context<{ Variables: WorkspaceVariables }>, domain: Domain, site: SiteConfig): Promise<Response | undefined> {
  const route = workspaceRouteOf(c.req.path);
  if (!route) return plainPage(404, "en", workspaceMessages("en").errors.notFound);
  if (!SAFE.has(c.req.method)) {
    const url = new URL(c.req.url);
    if (!sameOrigin(c.req.header("origin"), c.req.header("sec-fetch-site"), url.origin, site.publicOrigin)) {
      return plainPage(403, "en", workspaceMessages("en").errors.crossSite);
    }
  }
  const who = c.req.header("cookie") ? await domain.workspace.current(c.req.raw.headers) : null;
  if (who) c.set("workspaceUser", who);
  // A post needs what the route's action needs; a page, what the route needs to be seen.
  const needed = SAFE.has(c.req.method) ? route.access : (route.writes ?? route.access);
  if (needed === "anyone") return undefined;
  const language = workspaceLanguage(who?.account.uiLanguage, new URL(c.req.url).searchParams.get("lang"));
  const t = workspaceMessages(language);
  if (!who) {
    // A page asks to sign in first and comes back; a data request or a form post is simply refused.
    if (c.req.path.endsWith(".data") || !SAFE.has(c.req.method)) return plainPage(401, language, t.errors.signedOut);
    return c.redirect(`/admin/sign-in?next=${encodeURIComponent(c.req.path)}`, 303);
  }
  if (domain.workspace.needsTwoFactor(who) && !TWO_FACTOR_SETUP_ROUTES.includes(route.path)) {
    return c.redirect("/admin/account#two-factor", 303);
  }
  if (!can(who.account.role, needed)) return plainPage(403, language, t.errors.forbidden, { href: "/admin", label: t.nav.dashboard });
  return undefined;
}
