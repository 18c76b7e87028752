// Steps the workspace's browser tests share: the first admin from the command, pressing a button as a person
// does, axe on the page as it stands, and a TOTP code that will not roll over before the server reads it.
import { execFileSync } from "node:child_process";
import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";
import { clickCentre, expectOnScreen } from "./browser.ts";
import { totpCode } from "../fixtures/totp.ts";
import { runAxe } from "../../harness/axe.ts";

/** `npm run admin:create` against a server's database (SQLITE_PATH or DATABASE_URL): the invitation's path. */
export function adminCreate(email: string, database: Record<string, string>): string {
  const out = execFileSync(process.execPath, ["scripts/admin-create.ts", "--email", email, "--name", "Lama Haddad"], {
    env: { ...process.env, ...database, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  // The command prints the link for its own configured origin; the test server listens elsewhere.
  return new URL(out.match(/https?:\/\/\S+/)![0]).pathname;
}

/** Presses a button as a person would: scrolled to, seen on screen, clicked at its centre. */
export async function press(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await expectOnScreen(locator);
  await clickCentre(page, locator);
}

/** No axe violation (WCAG 2.2 AA and best practices) on the page as it stands. */
export async function expectAccessible(page: Page) {
  expect(await runAxe(page), page.url()).toEqual([]);
}

/** A code that is not about to roll over, so the server sees the same 30-second step. */
export async function freshCode(secret: string): Promise<string> {
  if (Date.now() % 30_000 > 25_000) await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
  return totpCode(secret);
}
