// /admin/media: the media library, its photographs or its videos (`?kind=video`). Each item with its credit
// and whether it is published, and the upload form (app/components/workspace/UploadForm.tsx, which posts to
// ./upload). A video's captions are added on its own page.
import { Link, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/media";
import { useI18n } from "../../i18n/I18nProvider";
import { editorOf, formOptions, refusal } from "../../lib/content.server";
import { appContext } from "../../request-context";
import { UploadForm, type UploadKind } from "../../components/workspace/UploadForm";
import { Notice } from "../../components/workspace/Form";
import { licenceName, languageName } from "../../lib/workspace-format";
import { isLanguageCode } from "../../../shared/languages";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { editor, may } = editorOf(context);
  const { domain } = context.get(appContext);
  const kind: UploadKind = new URL(request.url).searchParams.get("kind") === "video" ? "video" : "picture";
  try {
    if (kind === "picture") return { kind, pictures: await domain.pictures.list(editor), videos: [], places: [], may };
    const places = may.edit ? (await formOptions(context, "video")).places : [];
    return { kind, pictures: [], videos: await domain.videos.list(editor), places, may };
  } catch (error) {
    throw refusal(error);
  }
}

/** A library item's credit and licence, and whether it is published. */
function ItemState({ item }: { item: { credit: string; licence: string; published: boolean } }) {
  const { t } = useI18n();
  return (
    <>
      {t("media.by", { credit: item.credit, licence: licenceName(item.licence, t) })} ·{" "}
      {item.published ? t("media.published") : t("media.draft")}
    </>
  );
}

export default function Media() {
  const { t } = useI18n();
  const { kind, pictures, videos, places, may } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const refused = search.get("refused");
  const values = Object.fromEntries([...search].filter(([key]) => !["refused", "done", "kind"].includes(key)));
  return (
    <>
      <h1>{t("media.title")}</h1>
      <nav aria-label={t("media.kinds")}>
        <ul className="ws-tabs">
          {(["picture", "video"] as const).map((x) => (
            <li key={x}>
              <Link to={x === "video" ? "/admin/media?kind=video" : "/admin/media"} aria-current={x === kind ? "page" : undefined}>
                {t(`media.${x}.tab`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>{t(`media.${kind}.intro`)}</p>
      {search.get("done") === "deleted" && <Notice kind="success">{t("content.done.deleted")}</Notice>}
      {may.edit && <UploadForm key={kind} kind={kind} places={places} refused={refused ? { code: refused, values } : undefined} />}
      {kind === "picture" &&
        (pictures.length === 0 ? (
          <p>{t("media.picture.empty")}</p>
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
                  <ItemState item={p} />
                </small>
              </li>
            ))}
          </ul>
        ))}
      {kind === "video" &&
        (videos.length === 0 ? (
          <p>{t("media.video.empty")}</p>
        ) : (
          <ul className="ws-videos">
            {videos.map((v) => (
              <li key={v.slug}>
                <Link to={`/admin/content/video/${v.slug}`}>
                  <span lang="en" dir="auto">
                    {v.title}
                  </span>
                </Link>{" "}
                <small>
                  <ItemState item={v} /> ·{" "}
                  {v.captions.length
                    ? t("media.video.captionsIn", { languages: v.captions.filter(isLanguageCode).map(languageName).join(", ") })
                    : t("media.video.noCaptions")}
                </small>
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}
