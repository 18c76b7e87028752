// Builds the service worker (app/sw/service-worker.ts, with Workbox's modules) into build/client/sw.js,
// after the site's build: its id is a hash of that build's script names, so each build has its own caches.
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { defineConfig } from "vite";
import { LANGUAGE_CODES, DEFAULT_LANGUAGE } from "./shared/languages.ts";

const scripts = readdirSync("build/client/assets")
  .filter((f) => f.endsWith(".js") || f.endsWith(".css"))
  .sort();
const buildId = createHash("sha256").update(scripts.join("\n")).digest("hex").slice(0, 12);

export default defineConfig({
  publicDir: false,
  define: {
    BUILD_ID: JSON.stringify(buildId),
    LANGUAGE_PREFIXES: JSON.stringify(LANGUAGE_CODES.map((code) => (code === DEFAULT_LANGUAGE ? "" : `/${code}`))),
    "process.env.NODE_ENV": JSON.stringify("production"),
  },
  build: {
    outDir: "build/client",
    emptyOutDir: false,
    copyPublicDir: false,
    minify: true,
    lib: { entry: "app/sw/service-worker.ts", formats: ["es"], fileName: () => "sw.js" },
    rolldownOptions: { output: { codeSplitting: false } },
  },
});
