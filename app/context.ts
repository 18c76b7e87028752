// The request context loaders and actions read: the domain services and the page's CSP nonce.
import { createContext } from "react-router";
import type { Services } from "../server/services.ts";

export type AppContext = { services: Services; nonce: string };
export const appContext = createContext<AppContext>();
