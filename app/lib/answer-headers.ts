// React Router sends a page's answer with the headers its route's `headers` export gives, and with none of
// those an action set unless that export passes them on. A refusal for too many attempts (429) must say when
// to try again, so the routes whose actions can answer 429 export this.
import type { HeadersArgs } from "react-router";

/** The action's headers when it set any (Retry-After with a 429), else the loader's. */
export function actionOrLoaderHeaders({ actionHeaders, loaderHeaders }: HeadersArgs): Headers {
  return [...actionHeaders.keys()].length > 0 ? actionHeaders : loaderHeaders;
}
