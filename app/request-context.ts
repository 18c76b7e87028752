// The request context loaders and actions read: the domain (its services), the website's configuration, and an
// opaque client key used only for rate limits (never stored).
import { createContext } from "react-router";
import type { Domain } from "../domain/domain.ts";
import type { SignedIn } from "../domain/workspace/service.ts";
import type { SiteConfig } from "../shared/site-config.ts";

type AppContext = {
  domain: Domain;
  site: SiteConfig;
  client: string;
  /** The signed-in workspace account, checked by server/http/workspace-guard.ts; only ever set under /admin. */
  workspace?: SignedIn;
  /** Errors thrown while rendering (filled by entry.server's handleError), so the server can tell a
   * database outage (503) from a bug (500). */
  errors: unknown[];
};
export const appContext = createContext<AppContext>();
