import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**", "data/**"],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: "forks",
  },
});
