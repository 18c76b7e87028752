// The editors' weekly mail as each reads it (domain/content/weekly-mail.ts decides when and to whom): in the
// account's workspace language, the changes waiting for review and the facts past their review date, each with
// its address in the workspace, sent through the site's mailer (SMTP_URL).
import { workspaceMessages } from "../app/i18n/workspace-messages.ts";
import type { Mailer } from "../domain/contact/mailer.ts";
import type { SendWeekly, WeeklySummary } from "../domain/content/weekly-mail.ts";
import { isLanguageCode } from "../shared/languages.ts";

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));

type Listed = { items: Array<{ type: string; slug: string; title: string }>; total: number };

export function editorsMail(mailer: Mailer, origin: string): SendWeekly {
  return async (account, summary) => {
    const t = workspaceMessages(isLanguageCode(account.uiLanguage) ? account.uiLanguage : "en");
    const link = (path: string) => new URL(path, origin).href;
    const section = (heading: string, list: Listed, anchor: string) =>
      list.total === 0
        ? []
        : [
            fill(heading, { count: list.total }),
            ...list.items.map((i) => `- ${i.title}: ${link(`/admin/content/${i.type}/${i.slug}${anchor}`)}`),
            ...(list.total > list.items.length ? [fill(t.mail.more, { count: list.total - list.items.length })] : []),
            "",
          ];
    const { waiting, overdue }: WeeklySummary = summary;
    const text = [
      fill(t.mail.greeting, { name: account.name }),
      "",
      t.mail.intro,
      "",
      ...section(t.review.waitingTitle, waiting, "#review"),
      ...section(t.dashboard.factsOverdue, overdue, "#f-status-verified"),
      ...section(t.dashboard.practicalOverdue, overdue.practical, "#f-practical-checked"),
      ...section(t.dashboard.safetyOverdue, overdue.safety, "#f-safetyChecked"),
      ...section(t.dashboard.guideOverdue, overdue.guide, "#f-reviewed"),
      fill(t.mail.dashboard, { link: link("/admin") }),
      "",
      t.mail.why,
    ].join("\n");
    await mailer.send({ to: [account.email], subject: t.mail.subject, text, replyTo: account.email });
  };
}
