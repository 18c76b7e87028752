// The trip-planning guide (/plan) read in one language: each text falls back to English, as the rest of the
// site does while a translation is being written.
import { textIn as inLanguage, type GuidePage } from "./schema.ts";

export type GuidePageView = {
  slug: string;
  reviewed: string;
  title: string;
  summary: string;
  sections: Array<{ heading: string; body: string }>;
  sources: Array<{ name: string; url: string }>;
};

export function guidePageIn(page: GuidePage, language: string): GuidePageView {
  return {
    slug: page.slug,
    reviewed: page.reviewed,
    title: inLanguage(page.title, language),
    summary: inLanguage(page.summary, language),
    sections: page.sections.map((s) => ({ heading: inLanguage(s.heading, language), body: inLanguage(s.body, language) })),
    sources: page.sources.map((s) => ({ name: inLanguage(s.name, language), url: s.url })),
  };
}
