// What the inbox's pages share on the server: the reader (the signed-in account), the filter from the
// address, and the inbox's refusals as answers.
import { data, type RouterContextProvider } from "react-router";
import { appContext } from "../request-context";
import { signedIn } from "./workspace.server";
import { isMessageState } from "../../shared/message-states";
import { isInboxError } from "../../domain/contact/inbox";
import { SEARCH_LIMITS } from "../../shared/limits";

export function inboxOf(context: Readonly<RouterContextProvider>) {
  const who = signedIn(context);
  return {
    reader: { id: who.account.id, email: who.account.email, role: who.account.role },
    inbox: context.get(appContext).domain.inbox,
  };
}

/** ?q= and ?status= of the inbox's address; anything else is ignored. */
export function inboxFilter(url: URL) {
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_LIMITS.queryMaxLength);
  const status = url.searchParams.get("status");
  return { query: query || undefined, status: isMessageState(status) ? status : undefined };
}

const STATUS = { forbidden: 403, "not-found": 404, invalid: 400 } as const;

/** An InboxError as an answer; anything else is not ours to answer. */
export function inboxRefusal(error: unknown) {
  if (!isInboxError(error)) throw error;
  return data({ problem: error.code }, { status: STATUS[error.code] });
}
