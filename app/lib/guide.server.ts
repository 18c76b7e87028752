// One page of the trip-planning guide as /plan/{slug} shows it: its texts in the page's language, its review
// date written out, whether that date is past the settings' months (decision 029), and its neighbours.
import type { Domain } from "../../domain/domain";
import { isOverdue } from "../../domain/content/facts";
import { damascusToday } from "../../shared/damascus-time";
import { fullDate } from "./dates.server";

export async function guidePageView(domain: Domain, language: string, slug: string) {
  const pages = await domain.content.guide(language);
  const at = pages.findIndex((p) => p.slug === slug);
  if (at < 0) return undefined;
  const page = pages[at];
  const link = (p: (typeof pages)[number] | undefined) => (p ? { slug: p.slug, title: p.title } : null);
  const { factsReviewMonths } = await domain.content.settings();
  return {
    page: { ...page, reviewed: fullDate(page.reviewed, language), overdue: isOverdue(page.reviewed, factsReviewMonths, damascusToday()) },
    previous: link(pages[at - 1]),
    next: link(pages[at + 1]),
  };
}
