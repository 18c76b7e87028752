// The request context loaders and actions read: the domain services, and an opaque client key used only
// for rate limits (never stored).
import { createContext } from "react-router";
import type { Services } from "../server/services.ts";

export type AppContext = {
  services: Services;
  client: string;
  /** Errors thrown while rendering (filled by entry.server's handleError), so the server can tell a
   * database outage (503) from a bug (500). */
  errors: unknown[];
};
export const appContext = createContext<AppContext>();
