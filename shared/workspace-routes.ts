// Every route of the editorial workspace, with who may open it. app/routes.ts makes the React Router routes
// from this list, server/http/workspace-guard.ts checks each request against it before any loader or action
// runs, and the access tests are generated from it: a route cannot exist without a rule.
import type { Permission } from "../domain/workspace/roles.ts";
import { pathPattern } from "./paths.ts";

type WorkspaceAccess = "anyone" | Permission;
type WorkspaceRoute = {
  /** React Router path, without the leading slash. */
  path: string;
  /** Its React Router module; none when the server answers it itself (the preview, server/preview.ts). */
  file?: string;
  /** Who may open it. */
  access: WorkspaceAccess;
  /** Who may post to it, when it has an action (forms post to it). */
  writes?: WorkspaceAccess;
  /** A path to try it with, for the access tests (params filled in). */
  example: string;
};

/** The draft's preview: answered by server/pages.ts itself, with the public route (see server/preview.ts). */
export const PREVIEW_ROUTE = "admin/preview/:type/:slug";

export const WORKSPACE_ROUTES: readonly WorkspaceRoute[] = [
  { path: "admin/sign-in", file: "routes/admin/sign-in.tsx", access: "anyone", writes: "anyone", example: "/admin/sign-in" },
  { path: "admin/two-factor", file: "routes/admin/two-factor.tsx", access: "anyone", writes: "anyone", example: "/admin/two-factor" },
  {
    path: "admin/invitation/:token",
    file: "routes/admin/invitation.tsx",
    access: "anyone",
    writes: "anyone",
    example: "/admin/invitation/not-a-real-token",
  },
  { path: "admin", file: "routes/admin/dashboard.tsx", access: "workspace.use", example: "/admin" },
  { path: "admin/account", file: "routes/admin/account.tsx", access: "workspace.use", writes: "workspace.use", example: "/admin/account" },
  {
    path: "admin/sign-out",
    file: "routes/admin/sign-out.tsx",
    access: "workspace.use",
    writes: "workspace.use",
    example: "/admin/sign-out",
  },
  {
    path: "admin/accounts",
    file: "routes/admin/accounts.tsx",
    access: "accounts.manage",
    writes: "accounts.manage",
    example: "/admin/accounts",
  },
  { path: "admin/audit", file: "routes/admin/audit.tsx", access: "audit.read", example: "/admin/audit" },
  { path: "admin/audit/export", file: "routes/admin/audit-export.ts", access: "audit.read", example: "/admin/audit/export" },
  {
    path: "admin/content",
    file: "routes/admin/content.tsx",
    access: "content.read",
    writes: "content.publish",
    example: "/admin/content",
  },
  { path: "admin/translations", file: "routes/admin/translations.tsx", access: "content.read", example: "/admin/translations" },
  // "new" before ":slug": the first pattern that matches a path is its route.
  {
    path: "admin/content/:type/new",
    file: "routes/admin/content-new.tsx",
    access: "content.edit",
    writes: "content.edit",
    example: "/admin/content/site/new",
  },
  {
    path: "admin/content/:type/:slug",
    file: "routes/admin/content-item.tsx",
    access: "content.read",
    // Saving a draft: editors anything, translators their languages' texts (checked by the domain).
    writes: "content.translate",
    example: "/admin/content/city/damascus",
  },
  {
    path: "admin/content/:type/:slug/versions",
    file: "routes/admin/content-versions.tsx",
    access: "content.read",
    // Bringing an old version back as the draft.
    writes: "content.edit",
    example: "/admin/content/city/damascus/versions",
  },
  {
    path: "admin/content/:type/:slug/review",
    file: "routes/admin/content-review.tsx",
    access: "content.read",
    // Submitting and commenting: anyone who writes; approving and sending back, editors; links, editors (the domain checks each).
    writes: "content.translate",
    example: "/admin/content/city/damascus/review",
  },
  {
    path: "admin/content/:type/:slug/publish",
    file: "routes/admin/content-publish.tsx",
    access: "content.publish",
    writes: "content.publish",
    example: "/admin/content/city/damascus/publish",
  },
  { path: PREVIEW_ROUTE, access: "content.read", example: "/admin/preview/city/damascus" },
  // Restoring from the trash: editors (checked by the domain too).
  { path: "admin/trash", file: "routes/admin/trash.tsx", access: "content.read", writes: "content.edit", example: "/admin/trash" },
  // The link checker's report; editors ask for a check and mark false positives.
  { path: "admin/links", file: "routes/admin/links.tsx", access: "content.read", writes: "content.edit", example: "/admin/links" },
  // What the site counts without tracking anyone (decision 033): for those who edit.
  { path: "admin/statistics", file: "routes/admin/statistics.tsx", access: "content.edit", example: "/admin/statistics" },
  {
    path: "admin/statistics/export",
    file: "routes/admin/statistics-export.ts",
    access: "content.edit",
    example: "/admin/statistics/export",
  },
  { path: "admin/media", file: "routes/admin/media.tsx", access: "content.read", example: "/admin/media" },
  {
    path: "admin/media/upload",
    file: "routes/admin/media-upload.ts",
    access: "content.edit",
    writes: "content.edit",
    example: "/admin/media/upload",
  },
  {
    path: "admin/media/captions",
    file: "routes/admin/media-captions.ts",
    access: "content.translate",
    // Translators add their own languages' captions (checked by the domain).
    writes: "content.translate",
    example: "/admin/media/captions",
  },
  { path: "admin/inbox", file: "routes/admin/inbox.tsx", access: "messages.read", example: "/admin/inbox" },
  // "export" before ":id": the first pattern that matches a path is its route.
  { path: "admin/inbox/export", file: "routes/admin/inbox-export.ts", access: "messages.read", example: "/admin/inbox/export" },
  {
    path: "admin/inbox/:id",
    file: "routes/admin/inbox-message.tsx",
    access: "messages.read",
    writes: "messages.read",
    example: "/admin/inbox/1",
  },
];

/** Routes a signed-in admin who has not set up two-factor yet may still use: setting it up, and leaving. */
export const TWO_FACTOR_SETUP_ROUTES = ["admin/account", "admin/sign-out"];

export const WORKSPACE_PREFIX = "/admin";
/** Where the media library's uploads are posted: with the captions', the workspace routes with a body larger than a form's. */
export const UPLOAD_PATH = "/admin/media/upload";
export const CAPTIONS_PATH = "/admin/media/captions";

// React Router matches a path whatever its case, so /Admin/accounts is the accounts page: the workspace's
// paths are recognised the same way, or a respelt path would pass the gate (and be cached as a public page).
export function isWorkspacePath(path: string): boolean {
  const p = path.toLowerCase();
  return p === WORKSPACE_PREFIX || p.startsWith(`${WORKSPACE_PREFIX}/`) || p === `${WORKSPACE_PREFIX}.data`;
}

const patterns = WORKSPACE_ROUTES.map((r) => ({
  route: r,
  re: new RegExp(pathPattern(`/${r.path}`).source, "i"),
}));

/** The route a request path is for; React Router's data requests (`/admin/audit.data`) count as their page. */
export function workspaceRouteOf(path: string): WorkspaceRoute | undefined {
  const page = path.endsWith(".data") ? path.slice(0, -".data".length) : path.replace(/\/$/, "");
  return patterns.find((p) => p.re.test(page))?.route;
}
