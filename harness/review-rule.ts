// The seed's two-person rule (content/settings.yaml, decision 031) turned off in a copy of the content: for the
// journeys and benches in which one editor saves and publishes. What they measure or check is the publish
// itself, which an approval runs the same way; the review journey (tests/e2e/review.test.ts) turns the rule on
// in the workspace, as the ministry would.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ON = "reviewBeforePublish: true";

export function turnReviewOff(contentDir: string): void {
  const settings = join(contentDir, "settings.yaml");
  const text = readFileSync(settings, "utf8");
  // A seed that no longer says it would leave the rule on unnoticed, and every publish refused.
  if (!text.includes(ON)) throw new Error(`${settings} does not say ${ON}`);
  writeFileSync(settings, text.replace(ON, "reviewBeforePublish: false"));
}

/** A copy of the seed content in `dir`/content with the rule off; its path. */
export function oneEditorContent(dir: string): string {
  const contentDir = join(dir, "content");
  cpSync("content", contentDir, { recursive: true });
  turnReviewOff(contentDir);
  return contentDir;
}
