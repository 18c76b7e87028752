// GET /admin/statistics/export: every count of the last 13 months as a CSV file (day, kind, what, language,
// source, count); nothing in it is about a visitor.
import type { Route } from "./+types/statistics-export";
import { appContext } from "../../request-context";
import { editorOf, refusal } from "../../lib/content.server";
import { csvFile } from "../../../domain/csv";

export async function loader({ context }: Route.LoaderArgs) {
  const { editor } = editorOf(context);
  try {
    const rows = await context.get(appContext).domain.statistics.export(editor);
    const csv = csvFile(
      ["day", "kind", "key", "language", "source", "count"],
      rows.map((r) => [r.day, r.kind, r.key, r.language, r.source, r.count]),
    );
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="statistics-${new Date().toISOString().slice(0, 10)}.csv"`,
      },
    });
  } catch (error) {
    throw refusal(error);
  }
}
