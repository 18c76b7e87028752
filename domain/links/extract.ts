// The external links of the published content, each with the item and field that hold it: the ministry's
// social pages and app stores (settings), the guide's official sources, the places' videos and virtual tours
// (their media lists), and the library's credits' sources.
import type { LinkUse } from "../../db/repositories/links.ts";

/** The kinds of items that hold external links; no other kind has any. */
export const LINKED_TYPES = ["settings", "guide", "media", "picture", "video"] as const;
type LinkedType = (typeof LINKED_TYPES)[number];

type Body = Record<string, unknown>;
const list = (value: unknown): Body[] => (Array.isArray(value) ? (value as Body[]) : []);
const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** The links one published item holds, with their fields (lists numbered from 1, as an editor counts). */
export function linksOf(type: LinkedType, slug: string, body: unknown): LinkUse[] {
  const b = (body ?? {}) as Body;
  const found: Array<[field: string, url: string | undefined]> = [];
  switch (type) {
    case "settings":
      for (const s of list(b.social)) found.push([`social.${String(s.network)}`, text(s.url)]);
      found.push(["appStoreUrl", text(b.appStoreUrl)], ["googlePlayUrl", text(b.googlePlayUrl)]);
      break;
    case "guide":
      for (const [i, s] of list(b.sources).entries()) found.push([`sources.${i + 1}`, text(s.url)]);
      break;
    case "media":
      for (const [i, e] of list(b.entries).entries())
        if (e.kind === "youtube" || e.kind === "tour") found.push([`entries.${i + 1}`, text(e.src)]);
      break;
    case "picture":
    case "video":
      found.push(["source", text(b.source)]);
      break;
  }
  const item = `${type}/${slug}`;
  return found.flatMap(([field, url]) => (url ? [{ url, item, field }] : []));
}
