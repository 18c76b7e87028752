// /admin/content/{type}/{slug}: one item's draft in all seven languages side by side, its translation status,
// saving (editors: everything; translators: their languages), previews in every language and, for editors,
// publishing, unpublishing and scheduling (posted to ./publish). A photograph of the library shows itself,
// where it is used, and (when nothing uses it) can be deleted; a video plays, with its captions, which are
// added here one language at a time (posted to /admin/media/captions).
import { data, Form, Link, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { appContext } from "../../request-context";
import type { Route } from "./+types/content-item";
import { useI18n } from "../../i18n/I18nProvider";
import { editorOf, formOptions, isDeletable, isFixedType, refusal, type EditingAnswer } from "../../lib/content.server";
import { unknownFacts, type FieldSpec } from "../../lib/content-fields";
import { CONTENT_FIELDS } from "../../lib/content-fields.server";
import { bodyFromForm } from "../../lib/content-form.server";
import { formText, postedForm } from "../../lib/form";
import { ContentFields, fieldName, idOf, Outcome, ProblemList } from "../../components/workspace/ContentForm";
import type { VersionSummary } from "../../../domain/content/versions";
import { LANGUAGE_CODES } from "../../../shared/languages";
import { formatTime, languageName } from "../../lib/workspace-format";
import { VideoSection } from "../../components/workspace/VideoSection";
import { videoUrl } from "../../../domain/media/urls";
import type { LibraryVideo } from "../../../domain/content/schema";
import { publicPathOf } from "../../lib/public-path.server";
import { ReviewSection, type ReviewView } from "../../components/workspace/ReviewSection";
import { PublishingSection } from "../../components/workspace/PublishingSection";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { editor, editing, may } = editorOf(context);
  const { domain } = context.get(appContext);
  try {
    const item = await editing.item(editor, params.type, params.slug);
    return {
      item,
      // Once it is on the site, the way to see it there (the site's own language: English).
      live: item.status === "draft" ? null : await publicPathOf(domain, item.type, item.slug),
      versions: await domain.versions.list(editor, item.type, item.slug),
      review: await reviewOf(context, item.type, item.slug, item.review),
      specs: CONTENT_FIELDS[item.type] ?? [],
      options: await formOptions(context, item.type),
      may,
      me: editor.email,
      fixed: isFixedType(item.type),
      // (The library's photographs and videos are deleted with their files, in their own sections.)
      deletable: isDeletable(item.type),
      picture: item.type === "picture" ? await pictureOf(context, params.slug, (item.draft as { file: string }).file) : null,
      video: item.type === "video" ? videoOf(item.draft as LibraryVideo) : null,
    };
  } catch (error) {
    throw refusal(error);
  }
}

/** The item's review: the site's rule, the change waiting, what was said, the open outside links, who may review. */
async function reviewOf(
  context: Route.LoaderArgs["context"],
  type: string,
  slug: string,
  waiting: ReviewView["waiting"],
): Promise<ReviewView> {
  const { domain } = context.get(appContext);
  const { editor, may } = editorOf(context);
  return {
    rule: (await domain.content.settings()).reviewBeforePublish,
    waiting,
    notes: await domain.review.notes(editor, type, slug),
    links: may.edit ? await domain.review.links(editor, type, slug) : [],
    reviewers: may.languages.length > 0 ? await domain.review.reviewers(editor) : [],
  };
}

/** A library photograph's own picture and where it is used. */
async function pictureOf(context: Route.LoaderArgs["context"], slug: string, file: string) {
  const { domain } = context.get(appContext);
  const image = await domain.pictures.image(file).catch(() => undefined);
  const variant = image?.variants.find((v) => v.format === "webp" && v.width === 480) ?? image?.variants[0];
  return { src: variant?.src ?? null, width: variant?.width, height: variant?.height, uses: await domain.pictures.uses(slug) };
}

/** A library video as its page plays it: its file and captions where the library serves them. */
function videoOf(body: LibraryVideo) {
  return {
    src: videoUrl(body.file),
    width: body.width,
    height: body.height,
    seconds: body.seconds,
    captions: body.captions.map((c) => ({ language: c.language, src: videoUrl(c.file) })),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { editor, editing } = editorOf(context);
  const form = await postedForm(request);
  const { domain } = context.get(appContext);
  try {
    if (formText(form, "intent") === "delete") {
      const revision = Number(formText(form, "revision"));
      if (params.type === "picture" || params.type === "video") {
        const library = params.type === "picture" ? domain.pictures : domain.videos;
        await library.remove(editor, params.slug, revision);
        return redirect(`/admin/media${params.type === "video" ? "?kind=video&" : "?"}done=deleted`, 303);
      }
      await domain.trash.remove(editor, params.type, params.slug, revision);
      return redirect(`/admin/content?type=${params.type}&done=trashed`, 303);
    }
    const revision = await editing.save(
      editor,
      params.type,
      params.slug,
      Number(formText(form, "revision")),
      bodyFromForm(params.type, form),
    );
    return data<EditingAnswer>({ ok: "saved", revision });
  } catch (error) {
    return refusal(error);
  }
}

const DONE = [
  "created",
  "published",
  "unpublished",
  "scheduled",
  "unscheduled",
  "captions",
  "restored",
  "version-restored",
  "submitted",
  "approved",
  "returned",
  "commented",
  "link-revoked",
];

/** What the form leaves empty of a place's practical facts: the list an editor works through with the ministry. */
function UnknownFacts({ specs }: { specs: FieldSpec[] }) {
  const { t } = useI18n();
  if (specs.length === 0) return null;
  return (
    <section className="ws-card" aria-labelledby="unknown-facts">
      <h2 id="unknown-facts">{t("content.unknownFacts")}</h2>
      <p>{t("content.unknownFactsNote")}</p>
      <ul>
        {specs.map((spec) => (
          <li key={spec.name}>
            <a href={`#${idOf(spec.kind === "translated" ? `${spec.name}.en` : spec.name)}`}>
              {t(`content.fields.${spec.name.split(".").pop()}`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How many changed fields a version's line names before "…". */
const FIELDS_NAMED = 6;

/** The versions the site has shown, the newest first: who published each, when, what it changed, and a comparison. */
function Versions({ path, versions }: { path: string; versions: VersionSummary[] }) {
  const { t, language } = useI18n();
  if (versions.length === 0) return null;
  return (
    <section className="ws-card" aria-labelledby="versions">
      <h2 id="versions">{t("versions.title")}</h2>
      <ol className="ws-versions">
        {versions.map((v) => (
          <li key={v.version}>
            <Link to={`${path}/versions?from=${v.version}`}>{t("versions.version", { n: v.version })}</Link>
            {` · ${formatTime(v.publishedAt, language)}`}
            {v.publishedBy && ` · ${v.publishedBy}`}
            <span className="ws-action">
              {v.changed.length === 0
                ? t("versions.first")
                : t("versions.changed", {
                    fields: `${v.changed
                      .slice(0, FIELDS_NAMED)
                      .map((f) => fieldName(t, f))
                      .join(", ")}${v.changed.length > FIELDS_NAMED ? "…" : ""}`,
                  })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function ContentItem() {
  const { t } = useI18n();
  const { item, live, versions, review, specs, options, may, fixed, deletable, picture, video, me } = useLoaderData<typeof loader>();
  const posted = useActionData<EditingAnswer>();
  const [search] = useSearchParams();
  const done = search.get("done");
  // After publishing (./publish redirects here) the outcome comes in the address.
  const answer = posted ?? (done && DONE.includes(done) ? ({ ok: done } as EditingAnswer) : undefined);
  // A refused save's problems; otherwise what the stored draft still lacks, every one at once.
  const refused = answer && "problems" in answer ? answer.problems : null;
  const problems = refused ?? item.problems;
  // A save's answer names the new revision before the page's data is read again: publishing at once must
  // name it too, or the editor is told that someone else saved.
  const revision = Math.max(item.revision, (posted && "revision" in posted && posted.revision) || 0);
  const canSave = may.edit || may.languages.length > 0;
  return (
    <>
      <ItemHeading item={item} live={live} />
      <Outcome answer={answer} />
      {!refused && item.problems.length > 0 && (
        <section className="ws-card" aria-labelledby="to-publish">
          <h2 id="to-publish">{t("content.toPublish")}</h2>
          <ProblemList problems={item.problems} />
        </section>
      )}
      {picture && <PictureUses picture={picture} revision={revision} edit={may.edit} />}
      {video && <VideoSection video={video} slug={item.slug} revision={revision} published={item.status !== "draft"} may={may} />}
      <Form method="post" className="ws-form ws-content-form" key={item.revision}>
        <input type="hidden" name="revision" value={revision} />
        <ContentFields
          specs={specs}
          values={item.draft}
          options={options}
          problems={problems}
          languages={may.languages}
          edit={may.edit}
          states={item.states}
        />
        {canSave && (
          <button type="submit" className="ws-button">
            {t("content.save")}
          </button>
        )}
      </Form>
      {!picture && !video && <Previews item={item} />}
      <UnknownFacts specs={unknownFacts(specs, item.draft)} />
      <Versions path={`/admin/content/${item.type}/${item.slug}`} versions={versions} />
      {may.edit && deletable && <DeleteItem revision={revision} />}
      <ReviewSection
        path={`/admin/content/${item.type}/${item.slug}`}
        revision={revision}
        me={me}
        lastSavedBy={item.updatedBy}
        may={{ write: canSave, edit: may.edit, publish: may.publish }}
        review={review}
      />
      {may.publish && <PublishingSection item={item} revision={revision} fixed={fixed} rule={review.rule} publishNow={may.publishNow} />}
    </>
  );
}

type Loaded = Awaited<ReturnType<typeof loader>>;

/** The item's kind (a link to its list), its title, and where it stands: status, schedule, revision, live page. */
function ItemHeading({ item, live }: { item: Loaded["item"]; live: string | null }) {
  const { t, language } = useI18n();
  return (
    <>
      <p>
        <Link to={`/admin/content?type=${item.type}`}>{t(`content.typeNames.${item.type}`)}</Link>
      </p>
      <h1>
        <span lang="en" dir="auto">
          {item.title}
        </span>
      </h1>
      <p>
        {t(`content.statuses.${item.status}`)}
        {item.publishAt && ` · ${t("content.scheduledFor", { at: formatTime(item.publishAt, language) })}`}
        {" · "}
        {t("content.revision", { n: item.revision })}
        {live && (
          <>
            {" · "}
            <a href={live} target="_blank" rel="noopener">
              {t("content.live")}
            </a>
          </>
        )}
      </p>
    </>
  );
}

/** A library photograph: the picture itself, the items that show it, and its delete (refused while any does). */
function PictureUses({ picture, revision, edit }: { picture: NonNullable<Loaded["picture"]>; revision: number; edit: boolean }) {
  const { t } = useI18n();
  return (
    <section className="ws-card" aria-labelledby="uses">
      {picture.src && <img src={picture.src} width={picture.width} height={picture.height} alt="" className="ws-photo" />}
      <h2 id="uses">{t("content.uses")}</h2>
      {picture.uses.length ? (
        <ul>
          {picture.uses.map((u) => (
            <li key={`${u.type}/${u.slug}.${u.field}`}>
              <Link to={`/admin/content/${u.type}/${u.slug}`} dir="ltr">
                {u.type}/{u.slug}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("content.unused")}</p>
      )}
      {edit && (
        <Form method="post">
          <input type="hidden" name="revision" value={revision} />
          <button type="submit" name="intent" value="delete" className="ws-button ws-secondary">
            {t("content.delete")}
          </button>
        </Form>
      )}
    </section>
  );
}

/** The preview of the draft on the public site, in each language. */
function Previews({ item }: { item: { type: string; slug: string } }) {
  const { t } = useI18n();
  return (
    <nav aria-label={t("content.preview")} className="ws-card">
      <h2>{t("content.preview")}</h2>
      <ul className="ws-codes">
        {LANGUAGE_CODES.map((l) => (
          <li key={l}>
            <a href={`/admin/preview/${item.type}/${item.slug}?lang=${l}`} target="_blank" rel="noopener" lang={l}>
              {languageName(l)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function DeleteItem({ revision }: { revision: number }) {
  const { t } = useI18n();
  return (
    <details className="ws-card ws-delete">
      <summary>{t("content.deleteItem")}</summary>
      <p id="delete-note">{t("content.deleteNote")}</p>
      <Form method="post">
        <input type="hidden" name="revision" value={revision} />
        <button type="submit" name="intent" value="delete" className="ws-button ws-secondary" aria-describedby="delete-note">
          {t("content.deleteButton")}
        </button>
      </Form>
    </details>
  );
}
