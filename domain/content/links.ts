// The links content holds reach visitors' browsers and the ministry's app as they are stored, and the app was
// never written to defend against a javascript: or data: URL. So each kind of link allows only the scheme and
// hosts it needs, in the schema itself: the workspace, content:load and a restore all read content through it.
// zod checks the scheme and host on the parsed URL, so an address that is no URL at all is a problem of its
// field, never an exception.
import { z } from "zod";
import { VIRTUAL_TOUR_HOSTS } from "../../shared/limits.ts";

const oneOf = (hosts: readonly string[]) => new RegExp(`^(?:${hosts.map((h) => h.replaceAll(".", "\\.")).join("|")})$`);

/** A YouTube video: its page, its short link or its privacy-enhanced player. */
export const youtubeLink = z.url({
  protocol: /^https$/,
  hostname: /^(?:www\.)?(?:youtube\.com|youtube-nocookie\.com|youtu\.be)$/,
  error: "a YouTube link (https://www.youtube.com/…)",
});

/** A virtual tour from one of the providers whose player the pages' policy allows (shared/limits.ts). */
export const virtualTourLink = z.url({
  protocol: /^https$/,
  hostname: oneOf(VIRTUAL_TOUR_HOSTS),
  error: `a virtual tour link from ${VIRTUAL_TOUR_HOSTS.join(", ")}`,
});

/** A link a visitor opens from the site or the app (the ministry's social pages, its app in the stores): https. */
export const httpsLink = z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: "an https:// link" });

/** Where a photograph or a guide page's facts come from: https, or http for an official site that has no https yet. */
export const sourceLink = z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: "an https:// (or http://) link" });
