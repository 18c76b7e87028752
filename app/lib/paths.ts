// The site's URLs, shared with the server: per-language prefixes and the paths of the site's screens.
export { alternates, localePath, sitePath, splitLanguage } from "../../shared/paths.ts";
