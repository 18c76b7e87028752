// GET /admin/audit/export (admins): the entries the audit page's filter finds, as a CSV file for the
// ministry's records; the export is written to the audit log too.
import type { Route } from "./+types/audit-export";
import { signedIn, workspaceOf } from "../../lib/workspace.server";
import { auditFilter } from "../../lib/audit.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const who = signedIn(context);
  const { csv } = await workspaceOf(context).service.exportAudit(who, auditFilter(new URL(request.url)).filter);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="audit-log-${day}.csv"` },
  });
}
