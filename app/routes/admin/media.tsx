// /admin/media: the media library. Every photograph with its credit and whether it is published, and the
// upload form (app/components/workspace/UploadForm.tsx, which posts to ./upload).
import { Link, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/media";
import { useI18n } from "../../i18n/I18nProvider";
import { editorOf, refusal } from "../../lib/content.server";
import { appContext } from "../../request-context";
import { UploadForm } from "../../components/workspace/UploadForm";
import { Notice } from "../../components/workspace/Form";
import { licenceName } from "../../lib/workspace-format";

export async function loader({ context }: Route.LoaderArgs) {
  const { editor, may } = editorOf(context);
  try {
    return { pictures: await context.get(appContext).domain.pictures.list(editor), may };
  } catch (error) {
    throw refusal(error);
  }
}

export default function Media() {
  const { t } = useI18n();
  const { pictures, may } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const refused = search.get("refused");
  const values = Object.fromEntries([...search].filter(([key]) => key !== "refused" && key !== "done"));
  return (
    <>
      <h1>{t("media.title")}</h1>
      <p>{t("media.intro")}</p>
      {search.get("done") === "deleted" && <Notice kind="success">{t("content.done.deleted")}</Notice>}
      {may.edit && <UploadForm refused={refused ? { code: refused, values } : undefined} />}
      {pictures.length === 0 ? (
        <p>{t("media.empty")}</p>
      ) : (
        <ul className="ws-media">
          {pictures.map((p) => (
            <li key={p.slug}>
              <Link to={`/admin/content/picture/${p.slug}`}>
                {p.thumb && <img src={p.thumb.src} width={p.thumb.width} height={p.thumb.height} alt="" loading="lazy" />}
                <span lang="en" dir="auto">
                  {p.alt}
                </span>
              </Link>
              <small>
                {t("media.by", { credit: p.credit, licence: licenceName(p.licence, t) })} ·{" "}
                {p.published ? t("media.published") : t("media.draft")}
              </small>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
