// axe-core in the browser on the main kinds of page, in English and in Arabic (the bench runs it on every
// route in all seven languages).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser } from "./browser.ts";
import { findPlace, placePath } from "./api-helpers.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

async function axe(page: Page) {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe.run(document, { resultTypes: ["violations"], runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  });
}

describe("accessibility (axe)", () => {
  const { open } = useBrowser();
  it.each(["", "/ar"])("has no violations on the main pages (prefix '%s')", async (prefix) => {
    const palmyra = await findPlace("Palmyra");
    const paths = ["/", "/destinations", "/experiences", "/culture", "/about", "/contact", "/privacy", "/services", "/services/1", "/cities/1", placePath(palmyra).replace(/\/action\/\d+$/, ""), placePath(palmyra), `${placePath(palmyra)}/info`, `${placePath(palmyra)}/images`, `${placePath(palmyra)}/video`, `${placePath(palmyra)}/virtual`, "/missing-page"];
    const found: string[] = [];
    for (const path of paths) {
      const page = await open(prefix + (path === "/" && prefix ? "" : path), { allowErrors: [/status of 404/] });
      for (const v of await axe(page)) found.push(`${prefix}${path} ${v}`);
      await page.context().close();
    }
    expect(found).toEqual([]);
  }, 180_000);
});
