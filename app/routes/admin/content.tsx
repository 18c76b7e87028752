// /admin/content: every item of one kind of content, with whether the site shows it, and links to edit it,
// to preview it and (for editors) to make a new one.
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/content";
import { useI18n } from "../../i18n/I18nProvider";
import { editorOf, isFixedType } from "../../lib/content.server";
import { CONTENT_TYPES, LIBRARY_TYPES } from "../../lib/content-fields";
import { formatTime } from "../../lib/workspace-format";
import { WorkspaceTable } from "../../components/workspace/Table";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { editor, editing, may } = editorOf(context);
  const asked = new URL(request.url).searchParams.get("type") ?? "site";
  const type = CONTENT_TYPES.includes(asked) ? asked : "site";
  const items = await editing.list(editor, type);
  return { type, items, may: { edit: may.edit }, fixed: isFixedType(type) };
}

export default function Content() {
  const { t, language } = useI18n();
  const { type, items, may, fixed } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t("content.title")}</h1>
      <nav aria-label={t("content.types")}>
        <ul className="ws-tabs">
          {CONTENT_TYPES.map((x) => (
            <li key={x}>
              <Link to={`/admin/content?type=${x}`} aria-current={x === type ? "page" : undefined}>
                {t(`content.typeNames.${x}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {may.edit && !fixed && (
        <p>
          <Link className="ws-button" to={LIBRARY_TYPES.includes(type) ? "/admin/media" : `/admin/content/${type}/new`}>
            {t("content.new", { type: t(`content.typeNames.${type}`) })}
          </Link>
        </p>
      )}
      <WorkspaceTable caption={t(`content.typeNames.${type}`)} columns={[t("content.item"), t("content.status"), t("content.updated")]}>
        {items.map((item) => (
          <tr key={item.slug}>
            <td>
              <Link to={`/admin/content/${item.type}/${item.slug}`} lang="en" dir="auto">
                {item.title}
              </Link>
            </td>
            <td>
              {t(`content.statuses.${item.status}`)}
              {item.publishAt && (
                <span className="ws-action">{t("content.scheduledFor", { at: formatTime(item.publishAt, language) })}</span>
              )}
            </td>
            <td>
              {formatTime(item.updatedAt, language)}
              {item.updatedBy && <span className="ws-action">{item.updatedBy}</span>}
            </td>
          </tr>
        ))}
      </WorkspaceTable>
    </>
  );
}
