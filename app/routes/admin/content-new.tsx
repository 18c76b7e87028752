// /admin/content/{type}/new (editors): a new item, saved as a draft; the site shows it once it is published.
import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/content-new";
import { useI18n } from "../../i18n/I18nProvider";
import { editorOf, formOptions, isFixedType, refusal, type EditingAnswer } from "../../lib/content.server";
import { CONTENT_TYPES, LIBRARY_TYPES } from "../../lib/content-fields";
import { CONTENT_FIELDS } from "../../lib/content-fields.server";
import { bodyFromForm } from "../../lib/content-form.server";
import { postedForm } from "../../lib/form";
import { ContentFields, Outcome } from "../../components/workspace/ContentForm";

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!CONTENT_TYPES.includes(params.type) || isFixedType(params.type) || LIBRARY_TYPES.includes(params.type))
    throw data(null, { status: 404 });
  const { may } = editorOf(context);
  return { type: params.type, specs: CONTENT_FIELDS[params.type] ?? [], options: await formOptions(context, params.type), may };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { editor, editing } = editorOf(context);
  const form = await postedForm(request);
  const body = bodyFromForm(params.type, form);
  try {
    const slug = await editing.create(editor, params.type, body);
    return redirect(`/admin/content/${params.type}/${slug}?done=created`, 303);
  } catch (error) {
    const answer = refusal(error);
    // The form is shown again with what was written, beside each problem.
    return data({ ...(answer.data as EditingAnswer), body }, { status: answer.init?.status ?? 422 });
  }
}

export default function ContentNew() {
  const { t } = useI18n();
  const { type, specs, options, may } = useLoaderData<typeof loader>();
  const answer = useActionData<EditingAnswer & { body?: unknown }>();
  const problems = answer && "problems" in answer ? answer.problems : [];
  const slugProblem = problems.find((p) => p.field === "slug");
  return (
    <>
      <p>
        <Link to={`/admin/content?type=${type}`}>{t(`content.typeNames.${type}`)}</Link>
      </p>
      <h1>{t("content.new", { type: t(`content.typeNames.${type}`) })}</h1>
      <Outcome answer={answer} />
      <Form method="post" className="ws-form ws-content-form">
        <div className="ws-field">
          <label htmlFor="f-slug">{t(type === "media" ? "content.fields.place" : "content.fields.slug")}</label>
          <p className="ws-hint" id="f-slug-hint">
            {t("content.slugHint")}
          </p>
          <input
            id="f-slug"
            name="slug"
            dir="ltr"
            required
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            defaultValue={(answer?.body as { slug?: string } | undefined)?.slug ?? ""}
            aria-invalid={slugProblem ? true : undefined}
            aria-describedby={slugProblem ? "f-slug-hint f-slug-problem" : "f-slug-hint"}
          />
          {slugProblem && (
            <p className="ws-problem" id="f-slug-problem">
              {t(`content.problems.${slugProblem.code}`)}
            </p>
          )}
        </div>
        <ContentFields
          specs={specs}
          values={answer?.body ?? {}}
          options={options}
          problems={problems}
          languages={may.languages}
          edit={may.edit}
        />
        <button type="submit" className="ws-button">
          {t("content.create")}
        </button>
      </Form>
    </>
  );
}
