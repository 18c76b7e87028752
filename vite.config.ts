import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress.ts";

/** Route modules stay one chunk each (React Router loads them per page); see decision 011. */
const isRouteModule = (id: string) => /[\\/]app[\\/](root\.tsx|routes[\\/])/.test(id);
/**
 * The client entry (React Router's default, from node_modules) starts hydration when it is evaluated: it stays
 * a chunk of its own, so that loading a route module, which imports the shared chunks, never starts it
 * before the page's loader has set the router's globals (server/http/deferred-scripts.ts).
 */
const isClientEntry = (id: string) => /[\\/]entry\.client\.[jt]sx?$/.test(id);
/** The map's script (zoom, pan, clusters) is loaded only by the pages that show the map (map, saved). */
const isMapModule = (id: string) => /[\\/](CountryMap\.tsx|map-clusters\.ts)$/.test(id);

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM and React Router: large, and unchanged from one deploy to the next.
            {
              name: "framework",
              test: (id) => /[\\/]node_modules[\\/]/.test(id) && !/[\\/]pannellum[\\/]/.test(id) && !isClientEntry(id),
              priority: 2,
            },
            // The site's shared components, texts and helpers: small files that every page needs together.
            {
              name: "app",
              test: (id) => !/[\\/]node_modules[\\/]/.test(id) && !isRouteModule(id) && !isMapModule(id) && !isClientEntry(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
