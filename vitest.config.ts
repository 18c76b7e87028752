import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 300_000,
    projects: [
      {
        test: {
          name: "unit",
          include: ["**/*.test.ts", "**/*.test.tsx"],
          exclude: ["node_modules/**", "build/**", "tests/e2e/**", "data/**", "bench/**"],
          pool: "forks",
        },
      },
      {
        // The real server (built UI, seed content) and a real browser (Debian's chromium through playwright-core).
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
