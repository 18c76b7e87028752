// What the workspace's loaders and actions share: the signed-in account (the guard has checked it), the
// workspace service, reading a posted form, and answers that carry the session cookies.
import { data, redirect, type RouterContextProvider } from "react-router";
import { appContext } from "../request-context";
import { isWorkspaceError, type SignedIn } from "../../domain/workspace/service";

export function workspaceOf(context: Readonly<RouterContextProvider>) {
  const { domain, client, workspace } = context.get(appContext);
  return { service: domain.workspace, client, who: workspace };
}

/** The signed-in account; server/http/workspace-guard.ts lets no one else reach a page that asks for it. */
export function signedIn(context: Readonly<RouterContextProvider>): SignedIn {
  const who = context.get(appContext).workspace;
  if (!who) throw redirect("/admin/sign-in", 303);
  return who;
}

/** A redirect that sets (or clears) the workspace's cookies. */
export function redirectWithCookies(to: string, cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return redirect(to, { status: 303, headers });
}

/** Where to go after signing in: a workspace path only, never another site. */
export function safeNext(next: string | null): string {
  return next && /^\/admin(\/[\w\-/]*)?$/.test(next) && !next.startsWith("/admin/sign-") ? next : "/admin";
}

type Problem = { problem: string; field?: string };

/** A refusal of the domain as the form's answer (400, with the message key and the field it concerns). */
export function problemOf(error: unknown) {
  if (isWorkspaceError(error)) {
    // Too many attempts: 429, and when to try again, as the sign-in page answers.
    const init = error.retryAfterSeconds ? { status: 429, headers: { "retry-after": String(error.retryAfterSeconds) } } : { status: 400 };
    return data<Problem>({ problem: error.code, field: error.field }, init);
  }
  throw error;
}
