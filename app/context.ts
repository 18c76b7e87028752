// The request context loaders and actions read: the domain services, and an opaque client key used only
// for rate limits (never stored).
import { createContext } from "react-router";
import type { Services } from "../server/services.ts";

export type AppContext = { services: Services; client: string };
export const appContext = createContext<AppContext>();
