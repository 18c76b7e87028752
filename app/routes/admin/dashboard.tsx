// /admin: who is signed in, with which role and languages, and what that role allows; and, for those who
// edit, what a launch still needs: the site settings that are empty, and the credits of photographs and
// videos still to be confirmed at their source (their `toConfirm`).
import { useLoaderData } from "react-router";
import { useEnclosingRouteData } from "../../lib/route-data";
import type { WorkspaceLayoutData } from "./layout";
import type { Route } from "./+types/dashboard";
import { useI18n } from "../../i18n/I18nProvider";
import { signedIn } from "../../lib/workspace.server";
import { languageName } from "../../lib/workspace-format";
import { can, PERMISSIONS } from "../../../domain/workspace/roles";
import { missingLaunchSettings } from "../../../domain/content/checks";
import { appContext } from "../../request-context";
import { editorOf } from "../../lib/content.server";
import type { WaitingItem } from "../../../db/repositories/reviews";
import { formatTime, licenceName } from "../../lib/workspace-format";

/** The kinds of place a status belongs to: each has its own list of the overdue. */
const PLACE_KINDS = ["site", "culture", "service"] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const who = signedIn(context);
  const edits = can(who.account.role, "content.edit");
  const { domain } = context.get(appContext);
  const settings = edits ? await domain.content.settings() : null;
  const { editor } = editorOf(context);
  const toConfirm = edits ? [...(await domain.pictures.toConfirm(editor)), ...(await domain.videos.toConfirm(editor))] : [];
  // Facts past their review date, for the editors to check again (decision 029).
  const overdue = edits ? await domain.editing.overdueFacts(editor) : null;
  return {
    // What waits for a second person's review, and what an admin published without it (decision 031).
    waiting: await domain.review.waiting(editor),
    publishedNow: edits ? await domain.review.publishedNow(editor) : [],
    me: who.account.email,
    missing: settings ? missingLaunchSettings(settings) : [],
    toConfirm,
    overdue,
    edits,
    name: who.account.name,
    role: who.account.role,
    languages: who.account.languages ? who.account.languages.split(",") : [],
    twoFactorEnabled: who.account.twoFactorEnabled,
    allowed: PERMISSIONS.filter((p) => p !== "workspace.use" && can(who.account.role, p)),
  };
}

export default function Dashboard() {
  const { t, language } = useI18n();
  const d = useLoaderData<typeof loader>();
  // Permission names contain a dot, so their labels are read from the texts directly.
  const labels = useEnclosingRouteData<WorkspaceLayoutData>("routes/admin/layout").messages.dashboard.permissions;
  return (
    <section>
      <h1>{t("dashboard.title", { name: d.name })}</h1>
      <p>{t("dashboard.role", { role: t(`roles.${d.role}`) })}</p>
      {d.languages.length > 0 && <p>{t("dashboard.languages", { languages: d.languages.map(languageName).join(", ") })}</p>}
      <h2>{t("dashboard.can")}</h2>
      <ul>
        {d.allowed.map((p) => (
          <li key={p}>{labels[p as keyof typeof labels]}</li>
        ))}
      </ul>
      <Waiting waiting={d.waiting} me={d.me} />
      {d.publishedNow.length > 0 && (
        <section className="ws-card ws-warning" aria-labelledby="published-now">
          <h2 id="published-now">{t("review.publishedNow")}</h2>
          <ul>
            {d.publishedNow.map((p) => (
              <li key={`${p.target} ${p.at}`}>
                <a href={`/admin/content/${p.target}`} dir="ltr">
                  {p.target}
                </a>
                {` · ${p.by ?? ""} · ${formatTime(p.at, language)}`}
                <p dir="auto">{p.reason}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {d.missing.length > 0 && (
        <section className="ws-card ws-warning" aria-labelledby="launch">
          <h2 id="launch">{t("dashboard.launch")}</h2>
          <ul>
            {d.missing.map((key) => (
              <li key={key}>{t(`dashboard.launchSettings.${key}`)}</li>
            ))}
          </ul>
          <a href="/admin/content/settings/all">{t("dashboard.editSettings")}</a>
        </section>
      )}
      {d.toConfirm.length > 0 && (
        <section className="ws-card ws-warning" aria-labelledby="credits-to-confirm">
          <h2 id="credits-to-confirm">{t("dashboard.creditsToConfirm")}</h2>
          <ul>
            {d.toConfirm.map((c) => (
              <li key={`${c.type}/${c.slug}`}>
                <a href={`/admin/content/${c.type}/${c.slug}`}>{c.slug}</a>
                {" · "}
                <bdi>{t("media.by", { credit: c.credit, licence: licenceName(c.licence, t) })}</bdi>
                {/* The note is in the language its editor wrote it in: laid out in that language's direction. */}
                <p dir="auto">{c.toConfirm}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {d.overdue && d.overdue.total > 0 && (
        <section className="ws-card ws-warning" aria-labelledby="facts-overdue">
          <h2 id="facts-overdue">{t("dashboard.factsOverdue", { count: d.overdue.total })}</h2>
          <p>{t("dashboard.factsOverdueNote")}</p>
          <ul>
            {d.overdue.items.map((item) => (
              <li key={`${item.type}/${item.slug}`}>
                <a href={`/admin/content/${item.type}/${item.slug}#f-status-verified`} dir="auto">
                  {item.title}
                </a>
              </li>
            ))}
          </ul>
          <nav aria-label={t("dashboard.factsOverdueAll")}>
            <ul className="ws-tabs">
              {PLACE_KINDS.map((kind) => (
                <li key={kind}>
                  <a href={`/admin/content?type=${kind}&overdue=yes`}>{t(`content.typeNames.${kind}`)}</a>
                </li>
              ))}
            </ul>
          </nav>
        </section>
      )}
      {d.edits && (
        <p>
          <a href="/admin/links">{t("dashboard.links")}</a>
        </p>
      )}
      {d.overdue && (
        <>
          <OverdueList id="practical-overdue" kind="practical" group={d.overdue.practical} anchor="f-practical-checked" />
          <OverdueList id="safety-overdue" kind="safety" group={d.overdue.safety} anchor="f-safetyChecked" />
          <OverdueList id="guide-overdue" kind="guide" group={d.overdue.guide} anchor="f-reviewed" />
        </>
      )}
      {!d.twoFactorEnabled && (
        <p>
          <a href="/admin/account#two-factor">{t("dashboard.twoFactorOff")}</a>
        </p>
      )}
    </section>
  );
}

type OverdueGroup = { items: Array<{ type: string; slug: string; title: string }>; total: number };

/** The items whose practical facts, safety note or guide page is past its review date, each linked to its date's field. */
function OverdueList({
  id,
  kind,
  group,
  anchor,
}: {
  id: string;
  kind: "practical" | "safety" | "guide";
  group: OverdueGroup;
  anchor: string;
}) {
  const { t } = useI18n();
  if (group.total === 0) return null;
  return (
    <section className="ws-card ws-warning" aria-labelledby={id}>
      <h2 id={id}>{t(`dashboard.${kind}Overdue`, { count: group.total })}</h2>
      <p>{t(`dashboard.${kind}OverdueNote`)}</p>
      <ul>
        {group.items.map((item) => (
          <li key={`${item.type}/${item.slug}`}>
            <a href={`/admin/content/${item.type}/${item.slug}#${anchor}`} dir="auto">
              {item.title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The changes waiting for review, the longest waiting first: who submitted each, and for whom. */
function Waiting({ waiting, me }: { waiting: { items: WaitingItem[]; total: number }; me: string }) {
  const { t, language } = useI18n();
  if (waiting.total === 0) return null;
  return (
    <section className="ws-card" aria-labelledby="waiting">
      <h2 id="waiting">{t("review.waitingTitle", { count: waiting.total })}</h2>
      <ul>
        {waiting.items.map((w) => (
          <li key={`${w.type}/${w.slug}`}>
            <a href={`/admin/content/${w.type}/${w.slug}#review`} dir="auto">
              {w.title}
            </a>
            <span className="ws-action">
              {t(w.for === me ? "review.listForYou" : w.for ? "review.listFor" : "review.listAny", { by: w.by, for: w.for ?? "" })}
              {` · ${formatTime(w.at, language)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
