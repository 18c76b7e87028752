// The mail that carries a workspace invitation, written in the invitee's workspace language (the texts are
// the workspace's own, app/i18n/workspace/), sent through the site's mailer (SMTP_URL).
import { workspaceMessages } from "../app/i18n/workspace-messages.ts";
import type { Mailer } from "../domain/contact/mailer.ts";
import type { AccountRow } from "../db/repositories/accounts.ts";
import { isLanguageCode } from "../shared/languages.ts";

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);

export function invitationMail(mailer: Mailer) {
  return async (account: AccountRow, link: string, replyTo: string | null): Promise<void> => {
    const t = workspaceMessages(isLanguageCode(account.uiLanguage) ? account.uiLanguage : "en").accounts.invite.mail;
    await mailer.send({
      to: [account.email],
      subject: t.subject,
      text: fill(t.body, { name: account.name, link }),
      replyTo: replyTo ?? account.email,
    });
  };
}
