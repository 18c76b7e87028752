// /admin/sign-out: ends this session (a form post from the workspace's header) and clears its cookie.
import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { redirectWithCookies, signedIn, workspaceOf } from "../../lib/workspace.server";

export function loader() {
  // Signing out changes something, so it is a POST; the address opened in the browser goes to the account page.
  throw redirect("/admin/account", 303);
}

export async function action({ context, request }: Route.ActionArgs) {
  const who = signedIn(context);
  return redirectWithCookies(
    `/admin/sign-in?lang=${who.account.uiLanguage}`,
    await workspaceOf(context).service.signOut(request.headers, who),
  );
}
