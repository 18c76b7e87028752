// Validates the content folder and prints every problem: `npm run content:check [folder]`.
import { readContent, ContentError } from "../domain/content/files.ts";
import { checkContent, creditsToConfirm, missingLaunchSettings } from "../domain/content/checks.ts";
import { glossaryProblems, readGlossary } from "../domain/content/glossary.ts";

const partial = process.argv.includes("--partial");
const dir = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "content";
try {
  const files = readContent(dir, { partial });
  const problems = [...checkContent(files, { complete: true }), ...glossaryProblems(files, readGlossary(dir))];
  for (const p of problems) console.log(`- ${p}`);
  // Warnings, not problems: the seed may lack what only the ministry can give, but a launch may not.
  const missing = files.settings ? missingLaunchSettings(files.settings) : [];
  for (const key of missing) console.log(`- warning: settings.${key} is empty; fill it in before launch`);
  const unconfirmed = creditsToConfirm(files);
  for (const c of unconfirmed) console.log(`- warning: the credit of ${c.type} ${c.slug} is to be confirmed before launch: ${c.toConfirm}`);
  console.log(
    `${files.places.length} places, ${files.services.length} service providers, ${files.cities.length} cities, ${files.pictures.length} photographs: ${problems.length} problem(s), ${missing.length + unconfirmed.length} warning(s)`,
  );
  process.exitCode = problems.length ? 1 : 0;
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.log(error.message);
  process.exitCode = 1;
}
