// /admin/trash: deleted content, the last deleted first, 50 a page, each with who deleted it, when, and the day
// it will be deleted for good; editors restore an item here (it comes back as a draft, off the site).
import { Form, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/trash";
import { appContext } from "../../request-context";
import { useI18n } from "../../i18n/I18nProvider";
import { editorOf, refusal, type EditingAnswer } from "../../lib/content.server";
import { formText, postedForm } from "../../lib/form";
import { formatTime } from "../../lib/workspace-format";
import { WorkspacePages, WorkspaceTable } from "../../components/workspace/Table";
import { Outcome } from "../../components/workspace/ContentForm";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { editor, may } = editorOf(context);
  const { domain } = context.get(appContext);
  const wanted = Math.min(Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1), 100_000);
  let trash = await domain.trash.page(editor, wanted);
  if (wanted > trash.pages) trash = await domain.trash.page(editor, trash.pages);
  return { ...trash, page: Math.min(wanted, trash.pages), may: { edit: may.edit } };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { editor } = editorOf(context);
  const { domain } = context.get(appContext);
  const form = await postedForm(request);
  try {
    const { type, slug } = await domain.trash.restore(editor, Number(formText(form, "id")));
    return redirect(`/admin/content/${type}/${slug}?done=restored`, 303);
  } catch (error) {
    return refusal(error);
  }
}

export default function Trash() {
  const { t, language } = useI18n();
  const { items, page, pages, may } = useLoaderData<typeof loader>();
  const answer = useActionData<EditingAnswer>();
  const columns = [t("content.item"), t("trash.deletedAt"), t("trash.purgeAt"), ...(may.edit ? [t("trash.restore")] : [])];
  return (
    <>
      <h1>{t("trash.title")}</h1>
      <p>{t("trash.intro")}</p>
      <Outcome answer={answer} />
      {items.length === 0 ? (
        <p>{t("trash.empty")}</p>
      ) : (
        <WorkspaceTable caption={t("trash.caption")} columns={columns}>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                <span lang="en" dir="auto">
                  {item.title}
                </span>
                <span className="ws-action">{t(`content.typeNames.${item.type}`)}</span>
              </td>
              <td>
                {formatTime(item.deletedAt, language)}
                {item.deletedBy && <span className="ws-action">{item.deletedBy}</span>}
              </td>
              <td>{formatTime(item.purgeAt, language)}</td>
              {may.edit && (
                <td>
                  <Form method="post">
                    <input type="hidden" name="id" value={item.id} />
                    <button type="submit" className="ws-button ws-secondary" aria-label={`${t("trash.restore")}: ${item.title}`}>
                      {t("trash.restore")}
                    </button>
                  </Form>
                </td>
              )}
            </tr>
          ))}
        </WorkspaceTable>
      )}
      <WorkspacePages page={page} pages={pages} href={(n) => `?page=${n}`} />
    </>
  );
}
