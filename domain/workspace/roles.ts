// Who may do what in the editorial workspace. Every workspace route names the permission it needs
// (shared/workspace-routes.ts) and the server checks it before a loader or an action runs: a hidden button
// is never the check.
export const ROLES = ["admin", "editor", "translator", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** The workspace itself: the dashboard, one's own sessions, password and two-factor. */
  "workspace.use",
  /** Read content, drafts and translation status. */
  "content.read",
  /** Edit any field of any content, and the site settings. */
  "content.edit",
  /** Edit the fields of one's assigned languages only. */
  "content.translate",
  "content.publish",
  /** Publish without the second person's review the site's rule asks for, giving a reason (decision 031). */
  "content.publish-now",
  /** Invite accounts, change roles, reset passwords. */
  "accounts.manage",
  "audit.read",
  /** Read, sort and export contact messages: they hold visitors' names and addresses. */
  "messages.read",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  editor: ["workspace.use", "content.read", "content.edit", "content.translate", "content.publish", "messages.read"],
  translator: ["workspace.use", "content.read", "content.translate"],
  viewer: ["workspace.use", "content.read"],
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function can(role: string, permission: Permission): boolean {
  return isRole(role) && GRANTS[role].includes(permission);
}

/** Admins must sign in with a second factor; the other roles may choose to. */
export function requiresTwoFactor(role: string): boolean {
  return role === "admin";
}
