// GET /admin/inbox/export: the messages the inbox's filter finds, as a CSV file (written to the audit log).
import type { Route } from "./+types/inbox-export";
import { inboxFilter, inboxOf, inboxRefusal } from "../../lib/inbox.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { reader, inbox } = inboxOf(context);
  try {
    const { csv } = await inbox.exportCsv(reader, inboxFilter(new URL(request.url)));
    const day = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="contact-messages-${day}.csv"`,
      },
    });
  } catch (error) {
    throw inboxRefusal(error);
  }
}
