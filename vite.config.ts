import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress.ts";

/** Route modules stay one chunk each (React Router loads them per page); see decision 011. */
const isRouteModule = (id: string) => /[\\/]app[\\/](root\.tsx|routes[\\/])/.test(id);

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM, React Router and the client entry: large, and unchanged from one deploy to the next.
            { name: "framework", test: (id) => /[\\/]node_modules[\\/]/.test(id) && !/[\\/]pannellum[\\/]/.test(id), priority: 2 },
            // The site's shared components, texts and helpers: small files that every page needs together.
            { name: "app", test: (id) => !/[\\/]node_modules[\\/]/.test(id) && !isRouteModule(id), priority: 1 },
          ],
        },
      },
    },
  },
});
