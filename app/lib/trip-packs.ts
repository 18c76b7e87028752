// The page's side of trip packs (decision 036): the packs saved on this device, read from the worker's
// caches (no request leaves the device), their removal, and their sizes as a visitor reads them.
import { isCacheOfPack, PACK_INDEX_CACHE, packIndexUrl, packsInIndex, type SavedPack } from "../../shared/trip-packs";

/** Whether this browser can keep a pack: a service worker and the caches it keeps (not in every private mode). */
export const canKeepPacks = () => typeof window !== "undefined" && "serviceWorker" in navigator && "caches" in window;

export async function savedPacks(): Promise<SavedPack[]> {
  if (!canKeepPacks()) return [];
  return (await packsInIndex()).sort((a, b) => a.title.localeCompare(b.title));
}

export async function savedPack(page: string): Promise<SavedPack | undefined> {
  if (!canKeepPacks()) return undefined;
  return (await (await caches.open(PACK_INDEX_CACHE)).match(packIndexUrl(page)))?.json();
}

/** A pack off the device: its entry first, so a pack is never listed without its files. */
export async function removePack(page: string): Promise<void> {
  await (await caches.open(PACK_INDEX_CACHE)).delete(packIndexUrl(page));
  const names = (await caches.keys()).filter((n) => isCacheOfPack(n, page));
  await Promise.all(names.map((n) => caches.delete(n)));
}

/** The page's language for numbers and dates; Arabic keeps the Western digits the rest of the site uses. */
export const numberLocale = (language: string) => (language === "ar" ? "ar-SY-u-nu-latn" : language);

/** "2.1 MB" in the page's language (kilobytes below a tenth of a megabyte). */
export function formatBytes(bytes: number, language: string): string {
  const locale = numberLocale(language);
  const mb = bytes / 1_000_000;
  const [value, unit] = mb >= 0.1 ? [mb, "megabyte"] : [Math.max(1, Math.round(bytes / 1000)), "kilobyte"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}

/** A visitor who asked to save data, or whose connection the browser reports as 2G: pictures stay out. */
export function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return Boolean(connection?.saveData) || ["slow-2g", "2g"].includes(connection?.effectiveType ?? "");
}
