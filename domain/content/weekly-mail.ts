// The editors' weekly mail (issue #28, decision 031): with EDITORS_MAIL=weekly and mail configured, once a
// Damascus week (from its Monday) every account that edits is sent what waits for review and which facts are
// past their review date, as the dashboard lists them. One instance sends it: the week is claimed in the
// workspace's meta table by an insert only one instance wins, so neither a restart nor a second instance sends
// it twice. A week with nothing waiting and nothing overdue sends nothing.
import { randomUUID } from "node:crypto";
import type { AccountRow } from "../../db/repositories/accounts.ts";
import type { RepositoryAccess } from "../../db/repositories/repositories.ts";
import { damascusToday } from "../../shared/damascus-time.ts";
import { repeatEvery } from "../repeat.ts";
import { can } from "../workspace/roles.ts";
import type { Editor, EditingService } from "./editing.ts";
import type { ReviewService } from "./review.ts";

export type EditorsMailMode = "off" | "weekly";
/** How often an instance looks whether this week's mail is still to send. */
const LOOK_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Who reads the lists for the mail: nobody's account, allowed to read. */
const READER: Editor = { id: "weekly-mail", email: "weekly mail", role: "viewer", languages: "" };

export type WeeklySummary = {
  waiting: Awaited<ReturnType<ReviewService["waiting"]>>;
  overdue: Awaited<ReturnType<EditingService["overdueFacts"]>>;
};
export type SendWeekly = (account: AccountRow, summary: WeeklySummary) => Promise<void>;

/** The Monday (YYYY-MM-DD) of the Damascus week `at` is in. */
export function weekOf(at: Date): string {
  const today = new Date(`${damascusToday(at)}T00:00:00Z`);
  return new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

export function weeklyMail(
  d: RepositoryAccess & {
    editing: EditingService;
    review: ReviewService;
    mode: EditorsMailMode;
    /** Sends one account its mail; none when mail is not configured. */
    send?: SendWeekly;
    now?: () => Date;
  },
) {
  const now = d.now ?? (() => new Date());
  const { accounts } = d.repos;
  const holder = randomUUID();

  return {
    /** Sends this week's mail unless it was sent (or is being sent) already; how many accounts it was sent to. */
    async runOnce(): Promise<number> {
      if (d.mode !== "weekly" || !d.send) return 0;
      const week = `weekly-mail:${weekOf(now())}`;
      if ((await accounts.metaValueOnce(week, holder)) !== holder) return 0;
      const summary: WeeklySummary = { waiting: await d.review.waiting(READER), overdue: await d.editing.overdueFacts(READER) };
      const { overdue } = summary;
      const anything = summary.waiting.total + overdue.total + overdue.practical.total + overdue.safety.total + overdue.guide.total;
      if (anything === 0) return 0;
      const editors = (await accounts.all()).filter((a) => can(a.role, "content.edit"));
      for (const account of editors) await d.send(account, summary);
      return editors.length;
    },
    start(onError: (error: unknown) => void): () => void {
      if (d.mode !== "weekly" || !d.send) return () => {};
      return repeatEvery(LOOK_EVERY_MS, () => this.runOnce(), onError);
    },
  };
}
export type WeeklyMail = ReturnType<typeof weeklyMail>;
