// axe-core in the browser on every route of the site, in all seven languages.
import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser.ts";
import { runAxe } from "../../harness/axe.ts";
import { allRoutes } from "../../harness/website.ts";
import { LANGUAGE_CODES } from "../../shared/languages.ts";
import { localePath } from "../../shared/paths.ts";

describe("accessibility (axe)", () => {
  const { open } = useBrowser();
  it.each(LANGUAGE_CODES)(
    "has no violations on any route in %s",
    async (language) => {
      const found: string[] = [];
      for (const route of await allRoutes(baseURL())) {
        const path = localePath(language, route);
        const page = await open(path, { allowErrors: [/status of 404/] });
        for (const v of await runAxe(page)) found.push(`${path} ${v.id}: ${v.targets.join(", ")}`);
        await page.context().close();
      }
      expect(found).toEqual([]);
    },
    240_000,
  );
});
