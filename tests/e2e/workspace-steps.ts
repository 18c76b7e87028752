// Steps the workspace's browser tests share: the first admin from the command, pressing a button as a person
// does, axe on the page as it stands, and a TOTP code that will not roll over before the server reads it.
import { execFileSync } from "node:child_process";
import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";
import { clickCentre, expectOnScreen } from "./browser.ts";
import { totpCode } from "../../harness/totp.ts";
import { runAxe } from "../../harness/axe.ts";
import pino from "pino";
import { openDatabase } from "../../db/engine.ts";
import { buildDomain } from "../../server/compose.ts";
import { accountsRepository } from "../../db/repositories/accounts.ts";
import type { Role } from "../../domain/workspace/roles.ts";

/** `npm run admin:create` against a server's database (SQLITE_PATH or DATABASE_URL): the invitation's path. */
export function adminCreate(email: string, database: Record<string, string>): string {
  const out = execFileSync(process.execPath, ["scripts/admin-create.ts", "--email", email, "--name", "Lama Haddad"], {
    env: { ...process.env, ...database, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  // The command prints the link for its own configured origin; the test server listens elsewhere.
  return new URL(out.match(/https?:\/\/\S+/)![0]).pathname;
}

/**
 * An account of a role made straight in the server's SQLite database (inviting through the pages has its own
 * test), then signed in through the sign-in page as its owner would (on `base`, a server other than the global
 * setup's, when given); an admin also turns on two-step verification. Returns the signed-in page.
 */
export async function signIn(
  open: (path: string, options: { width: number; allowErrors?: RegExp[]; base?: string }) => Promise<Page>,
  {
    role,
    email,
    width,
    language,
    sqlitePath,
    allowErrors,
    base,
  }: { role: Role; email: string; width: number; language: string; sqlitePath: string; allowErrors?: RegExp[]; base?: string },
): Promise<Page> {
  const password = "dates from the palmyra oasis";
  const handle = openDatabase({ sqlitePath });
  try {
    const workspace = buildDomain(handle, pino({ level: "silent" })).workspace;
    const { path } = await workspace.invite({ id: null, email: "test" }, { email, name: email, role, languages: [] });
    await workspace.acceptInvitation(path.split("/").pop()!, password, password);
    const account = await accountsRepository(handle.db).byEmail(email);
    await accountsRepository(handle.db).update(account!.id, { uiLanguage: language });
  } finally {
    await handle.close();
  }
  const page = await open(`/admin/sign-in?lang=${language}`, { width, allowErrors, base });
  await page.fill('[name="email"]', email);
  await page.fill('[name="password"]', password);
  // An admin must turn on two-step verification first: done on the account page, as its owner would.
  await Promise.all([page.waitForURL(role === "admin" ? /\/admin\/account/ : /\/admin$/), press(page, page.locator("main form button"))]);
  if (role === "admin") {
    await page.fill("#password", password);
    await Promise.all([page.waitForSelector(".ws-key"), press(page, page.locator("#two-factor form button"))]);
    await page.fill("#code", await freshCode((await page.textContent(".ws-key"))!.trim()));
    await Promise.all([page.waitForURL(/done=two-factor/), press(page, page.locator("#two-factor form button"))]);
    await page.goto(new URL("/admin", page.url()).href);
  }
  return page;
}

/** Presses a button as a person would: scrolled to, seen on screen, clicked at its centre. */
export async function press(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await expectOnScreen(locator);
  await clickCentre(page, locator);
}

/**
 * An answer the page brings into view once it is drawn (a form's notice after its post): waited for until it is
 * inside the window, then checked on screen as a person sees it.
 */
export async function expectBroughtIntoView(page: Page, selector: string) {
  await page.waitForFunction((s) => {
    const box = document.querySelector(s)?.getBoundingClientRect();
    return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
  }, selector);
  await expectOnScreen(page.locator(selector));
}

/** No axe violation (WCAG 2.2 AA and best practices) on the page as it stands. */
export async function expectAccessible(page: Page) {
  expect(await runAxe(page), page.url()).toEqual([]);
}

const usedSteps = new Map<string, number>();
const step = () => Math.floor(Date.now() / 30_000);

/**
 * A code that is not about to roll over, so the server sees the same 30-second step, and of a step this secret
 * has not used yet: the server accepts each code once, as an authenticator app's user would find.
 */
export async function freshCode(secret: string): Promise<string> {
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  while (step() <= (usedSteps.get(secret) ?? -1) || Date.now() % 30_000 > 25_000) await wait(30_000 - (Date.now() % 30_000) + 200);
  usedSteps.set(secret, step());
  return totpCode(secret);
}
