// /admin/content/{type}/{slug}/versions: two versions of an item the site has shown, or one and the current
// draft, compared field by field and language by language (long texts as a diff), chosen with a GET form that
// works without JavaScript; editors bring the older one back as the draft (a POST here), to publish it again.
import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/content-versions";
import { appContext } from "../../request-context";
import { useI18n } from "../../i18n/I18nProvider";
import { editorOf, refusal, type EditingAnswer } from "../../lib/content.server";
import { formText, postedForm } from "../../lib/form";
import { formatTime } from "../../lib/workspace-format";
import { AuditChange } from "../../components/workspace/AuditChange";
import { Outcome } from "../../components/workspace/ContentForm";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { editor, editing, may } = editorOf(context);
  const { domain } = context.get(appContext);
  const query = new URL(request.url).searchParams;
  try {
    const item = await editing.item(editor, params.type, params.slug);
    const versions = await domain.versions.list(editor, params.type, params.slug);
    if (versions.length === 0) return { item: summary(item), versions, comparison: null, may };
    // By default the newest version with the draft; "to" is a version or (empty) the draft.
    const from = Number.parseInt(query.get("from") ?? "", 10) || versions[0].version;
    const to = Number.parseInt(query.get("to") ?? "", 10) || null;
    const comparison = await domain.versions.compare(editor, params.type, params.slug, from, to);
    return { item: summary(item), versions, comparison, may };
  } catch (error) {
    throw refusal(error);
  }
}

const summary = (item: { type: string; slug: string; title: string; revision: number }) => ({
  type: item.type,
  slug: item.slug,
  title: item.title,
  revision: item.revision,
});

export async function action({ context, params, request }: Route.ActionArgs) {
  const { editor } = editorOf(context);
  const { domain } = context.get(appContext);
  const form = await postedForm(request);
  try {
    await domain.versions.restore(editor, params.type, params.slug, Number(formText(form, "version")), Number(formText(form, "revision")));
    return redirect(`/admin/content/${params.type}/${params.slug}?done=version-restored`, 303);
  } catch (error) {
    return refusal(error);
  }
}

export default function ContentVersions() {
  const { t, language } = useI18n();
  const { item, versions, comparison, may } = useLoaderData<typeof loader>();
  const answer = useActionData<EditingAnswer>();
  const itemPath = `/admin/content/${item.type}/${item.slug}`;
  const name = (v: number | null) => (v === null ? t("versions.draft") : t("versions.version", { n: v }));
  /** One side of the comparison: a version (the "to" side may also be the draft, as an empty value). */
  const side = (field: "from" | "to", version: number | null) => (
    <div className="ws-field">
      <label htmlFor={`versions-${field}`}>{t(`versions.${field}`)}</label>
      <select id={`versions-${field}`} name={field} defaultValue={version ?? ""}>
        {field === "to" && <option value="">{t("versions.draft")}</option>}
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            {`${name(v.version)} · ${formatTime(v.publishedAt, language)}`}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <h1>{t("versions.heading", { title: item.title })}</h1>
      <p>
        <Link to={itemPath}>{t("content.back")}</Link>
      </p>
      <Outcome answer={answer} itemPath={itemPath} />
      {!comparison ? (
        <p>{t("versions.none")}</p>
      ) : (
        <>
          <form method="get" className="ws-form ws-filters" id="versions-compare">
            {side("from", comparison.from.version)}
            {side("to", comparison.to.version)}
            <button type="submit" className="ws-button ws-secondary">
              {t("versions.compare")}
            </button>
          </form>
          <section className="ws-card" aria-labelledby="versions-changes">
            <h2 id="versions-changes">{t("versions.changes", { from: name(comparison.from.version), to: name(comparison.to.version) })}</h2>
            {Object.keys(comparison.after).length === 0 ? (
              <p>{t("versions.same")}</p>
            ) : (
              <AuditChange before={comparison.before} after={comparison.after} />
            )}
          </section>
          {may.edit && (
            <Form method="post" className="ws-card" id="versions-restore">
              <p id="versions-restore-note">{t("versions.restoreNote")}</p>
              <input type="hidden" name="version" value={comparison.from.version ?? ""} />
              <input type="hidden" name="revision" value={item.revision} />
              <button type="submit" className="ws-button" aria-describedby="versions-restore-note">
                {t("versions.restore", { n: comparison.from.version ?? "" })}
              </button>
            </Form>
          )}
        </>
      )}
    </>
  );
}
