// /admin/links: what the link checker found at the external links of the published content (decision 030).
// Each broken or moved link is listed with the item and field that hold it; an editor may ask for a check now
// (when the checker is on), and mark a link that works in a browser as a known false positive.
import { Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/links";
import { appContext } from "../../request-context";
import { useI18n } from "../../i18n/I18nProvider";
import { editorOf, refusal, type EditingAnswer } from "../../lib/content.server";
import { formText, postedForm } from "../../lib/form";
import { formatTime } from "../../lib/workspace-format";
import { WorkspacePages, WorkspaceTable } from "../../components/workspace/Table";
import { Outcome, OutcomeFrame } from "../../components/workspace/ContentForm";
import { Notice } from "../../components/workspace/Form";

type LinksAnswer = { done: "started" | "busy" | "off" | "marked" | "unmarked" };

export async function loader({ context, request }: Route.LoaderArgs) {
  const { editor, may } = editorOf(context);
  const { domain } = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const falsePositives = params.get("show") === "false-positives";
  const wanted = Math.min(Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1), 100_000);
  let report = await domain.links.report(editor, { page: wanted, falsePositives });
  if (wanted > report.pages) report = await domain.links.report(editor, { page: report.pages, falsePositives });
  return { ...report, page: Math.min(wanted, report.pages), falsePositives, may: { edit: may.edit } };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { editor } = editorOf(context);
  const { domain } = context.get(appContext);
  const form = await postedForm(request);
  const intent = formText(form, "intent");
  try {
    if (intent === "run") return { done: await domain.links.start(editor) } satisfies LinksAnswer;
    if (intent === "mark" || intent === "unmark") {
      await domain.links.markFalsePositive(editor, formText(form, "url"), intent === "mark");
      return { done: intent === "mark" ? "marked" : "unmarked" } satisfies LinksAnswer;
    }
    return new Response(null, { status: 400 });
  } catch (error) {
    return refusal(error);
  }
}

export default function Links() {
  const { t, language } = useI18n();
  const report = useLoaderData<typeof loader>();
  const answer = useActionData<LinksAnswer | EditingAnswer>();
  const { items, page, pages, falsePositives, may, lastRun } = report;
  const columns = [t("links.link"), t("links.result"), t("links.item"), t("links.checked"), ...(may.edit ? [t("links.mark")] : [])];
  const problems = Object.entries(report.outcomes).filter(([outcome]) => outcome !== "ok");
  return (
    <>
      <h1>{t("links.title")}</h1>
      <p>{t("links.intro")}</p>
      {answer && "done" in answer ? (
        <OutcomeFrame shown={answer.done}>
          <Notice kind={answer.done === "started" || answer.done.endsWith("marked") ? "success" : "error"}>
            {t(`links.done.${answer.done}`)}
          </Notice>
        </OutcomeFrame>
      ) : (
        <Outcome answer={answer} />
      )}
      <section className="ws-card" aria-labelledby="links-checker">
        <h2 id="links-checker">{t("links.checker")}</h2>
        <p>{report.mode === "off" ? t("links.off") : t("links.daily")}</p>
        <p>
          {report.running
            ? t("links.running")
            : lastRun?.finishedAt
              ? t("links.lastRun", { time: formatTime(lastRun.finishedAt, language), count: lastRun.links })
              : t("links.neverRun")}
        </p>
        {problems.length > 0 && (
          <ul>
            {problems.map(([outcome, count]) => (
              <li key={outcome}>{t(`links.counts.${outcome}`, { count })}</li>
            ))}
          </ul>
        )}
        {may.edit && report.mode !== "off" && (
          <Form method="post">
            <button type="submit" name="intent" value="run" className="ws-button">
              {t("links.runNow")}
            </button>
          </Form>
        )}
      </section>
      <nav aria-label={t("links.show")}>
        <ul className="ws-tabs">
          <li>
            <a href="/admin/links" aria-current={falsePositives ? undefined : "page"}>
              {t("links.problems")}
            </a>
          </li>
          <li>
            <a href="/admin/links?show=false-positives" aria-current={falsePositives ? "page" : undefined}>
              {t("links.falsePositives")}
            </a>
          </li>
        </ul>
      </nav>
      {items.length === 0 ? (
        <p>{falsePositives ? t("links.noFalsePositives") : t("links.empty")}</p>
      ) : (
        <WorkspaceTable caption={falsePositives ? t("links.falsePositives") : t("links.problems")} columns={columns}>
          {items.map((link) => (
            <tr key={`${link.url} ${link.item} ${link.field}`}>
              <td>
                <a href={link.url} dir="ltr" rel="noreferrer noopener" className="ws-link">
                  {link.url}
                </a>
              </td>
              <td>
                {t(`links.outcomes.${link.outcome}`)}
                {link.status !== null && <span className="ws-action">{t("links.status", { status: link.status })}</span>}
                {link.finalUrl && (
                  <span className="ws-action">
                    {t("links.movedTo")}{" "}
                    <a href={link.finalUrl} dir="ltr" rel="noreferrer noopener" className="ws-link">
                      {link.finalUrl}
                    </a>
                  </span>
                )}
              </td>
              <td>
                <a href={`/admin/content/${link.item}`} dir="ltr">
                  {link.item}
                </a>
                <span className="ws-action" dir="ltr">
                  {link.field}
                </span>
              </td>
              <td>
                {formatTime(link.checkedAt, language)}
                {link.falsePositiveBy && link.falsePositiveAt && (
                  <span className="ws-action">
                    {t("links.markedBy", { who: link.falsePositiveBy, time: formatTime(link.falsePositiveAt, language) })}
                  </span>
                )}
              </td>
              {may.edit && (
                <td>
                  <Form method="post">
                    <input type="hidden" name="url" value={link.url} />
                    <button
                      type="submit"
                      name="intent"
                      value={falsePositives ? "unmark" : "mark"}
                      className="ws-button ws-secondary"
                      aria-label={t(falsePositives ? "links.unmarkLink" : "links.markLink", { url: link.url })}
                    >
                      {t(falsePositives ? "links.unmark" : "links.markFalsePositive")}
                    </button>
                  </Form>
                </td>
              )}
            </tr>
          ))}
        </WorkspaceTable>
      )}
      <WorkspacePages page={page} pages={pages} href={(n) => `?${falsePositives ? "show=false-positives&" : ""}page=${n}`} />
    </>
  );
}
