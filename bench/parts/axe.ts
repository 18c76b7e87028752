// axe-core on every route of the site in all seven languages: violations counted by rule.
import { launchChromium } from "../../harness/chromium.ts";
import type { BenchPart } from "../lib/types.ts";
import { allRoutes } from "../../harness/website.ts";
import { runAxe } from "../../harness/axe.ts";
import { LANGUAGE_CODES } from "../../shared/languages.ts";
import { localePath } from "../../shared/paths.ts";

export const axe: BenchPart = async (ctx) => {
  const routes = await allRoutes(ctx.baseURL);
  const browser = await launchChromium();
  const byRule = new Map<string, { impact: string | null; pages: string[] }>();
  let pages = 0;
  try {
    for (const language of LANGUAGE_CODES) {
      const page = await browser.newPage();
      for (const route of routes) {
        const path = localePath(language, route);
        await page.goto(ctx.baseURL + path, { waitUntil: "networkidle" });
        for (const v of await runAxe(page)) {
          const entry = byRule.get(v.id) ?? { impact: v.impact, pages: [] };
          entry.pages.push(path);
          byRule.set(v.id, entry);
        }
        pages++;
      }
      await page.close();
      ctx.log(`${language}: ${routes.length} routes`);
    }
  } finally {
    await browser.close();
  }
  const rules = [...byRule.entries()].map(([rule, v]) => ({
    rule,
    impact: v.impact,
    pages: v.pages.length,
    examples: v.pages.slice(0, 3),
  }));
  const total = rules.reduce((n, r) => n + r.pages, 0);
  return {
    part: "axe",
    figures: { pages, routes: routes.length, languages: LANGUAGE_CODES.length, violations: total, rules },
    budgets: [
      {
        name: "axe violations on every route in 7 languages",
        limit: "0",
        value: total,
        pass: total === 0,
        note: total ? rules.map((r) => r.rule).join(", ") : undefined,
      },
    ],
    markdown: [
      "## Accessibility (axe-core, WCAG 2.2 A/AA and best practices)",
      "",
      `${pages} pages: ${routes.length} routes in ${LANGUAGE_CODES.length} languages. Violations: ${total}.`,
      "",
      rules.length
        ? [
            "| rule | impact | pages | examples |",
            "|---|---|---|---|",
            ...rules.map((r) => `| ${r.rule} | ${r.impact} | ${r.pages} | ${r.examples.join(", ")} |`),
          ].join("\n")
        : "No violation on any page.",
    ].join("\n"),
  };
};
