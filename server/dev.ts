// `npm run dev`: the whole site on the embedded database with Vite's hot reload. Vite serves the UI's modules
// and pushes changes to the browser; each page request renders with the current source (no page cache), and
// the API is the same Hono app as in production. Not for production: errors show their details.
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createServer as createVite } from "vite";
import type { ServerBuild } from "react-router";
import { boot } from "./boot.ts";
import { createApp } from "./app.ts";
import { pageHandler } from "./pages.ts";

const DEVELOPMENT_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' ws:; frame-src 'self'";

process.env.NODE_ENV ??= "development";
const { env, log, domain, appBase, preview } = await boot();
const httpServer = createServer();
const vite = await createVite({ server: { middlewareMode: true, hmr: { server: httpServer } }, appType: "custom" });

const app = createApp({
  ...appBase,
  // A handler per request: it takes the build Vite has just compiled from the current source.
  pages: async (request, c) => {
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    const res = await (await pageHandler(build, domain, appBase.site, { mode: "development", preview }))(request, c);
    // Vite's hot-reload client comes as script tags the production policy (hashes, 'strict-dynamic') refuses;
    // the policy is checked on the production build (tests/e2e/security.test.ts), so development relaxes it.
    const headers = new Headers(res.headers);
    headers.set("content-security-policy", DEVELOPMENT_CSP);
    return new Response(res.body, { status: res.status, headers });
  },
  pageMaxAge: 0,
});
const listener = getRequestListener(app.fetch);

httpServer.on("request", (req, res) => vite.middlewares(req, res, () => listener(req, res)));
httpServer.listen(env.PORT, env.HOST, () =>
  log.info({ url: `http://${env.HOST}:${env.PORT}/` }, "development server listening (hot reload)"),
);
