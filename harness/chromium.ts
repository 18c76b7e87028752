// Debian's Chromium as the tests and the bench start it: headless, as root, with no background traffic (this
// machine's network is closed, and a browser that calls home would be refused, or count as a third party).
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Chromium through playwright-core; `extraFlags` for what one caller needs more (a software GL, say). */
export function launchChromium(extraFlags: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...extraFlags] });
}
