// The preview of a draft: the public page exactly as it will look once the draft is published, in any
// language, rendered by the public route with a domain that has the draft in place; the published site is not
// touched. That domain is the live database inside a transaction where the draft is written as its publish
// would write it (one place, or the site's few items many places name) and which is always rolled back
// (decision 023): never a copy of the site, which at tens of thousands of places would not fit the server.
import type { Logger } from "pino";
import type { Domain } from "../domain/domain.ts";
import type { Editor } from "../domain/content/editing.ts";
import { localePath } from "../shared/paths.ts";
import type { LanguageCode } from "../shared/languages.ts";
import { buildDomain, type Infrastructure } from "./compose.ts";
import type { SiteConfig } from "../shared/site-config.ts";
import { publicPathOf } from "../app/lib/public-path.server.ts";

export function previewer(domain: Domain, infrastructure: Infrastructure, site: SiteConfig, log: Logger) {
  const { contentDir, mediaDir, library } = infrastructure.pictureStores;
  const options = { publicOrigin: site.publicOrigin, contentDir, mediaDir, mediaStore: library.store };

  /**
   * Runs `show` with the domain to render the preview with and the public path of the item in the asked
   * language, inside the transaction that holds the draft and is rolled back after `show`.
   */
  return async <T>(
    editor: Editor,
    type: string,
    slug: string,
    language: LanguageCode,
    show: (withDraft: Domain, path: string) => Promise<T>,
  ): Promise<T> =>
    domain.editing.withDraftPublished(editor, type, slug, async (handle) => {
      const withDraft = buildDomain(handle, log, options);
      return show(withDraft, localePath(language, await publicPathOf(withDraft, type, slug)));
    });
}
export type Previewer = ReturnType<typeof previewer>;
