// What a bulk action on the content list did: how many items it was done to, and each item it was refused
// for, linked, with the reason its own page would have given (and, for an unfinished one, what is left to do).
import { Link } from "react-router";
import { useI18n } from "../../i18n/I18nProvider";
import type { BulkIntent } from "../../../shared/content-list";
import { Notice } from "./Form";
import { OutcomeFrame, type Problem, ProblemList } from "./ContentForm";

export type BulkAnswer = {
  intent: BulkIntent;
  type: string;
  done: Array<{ slug: string; title: string }>;
  refused: Array<{ slug: string; title: string; code: string; problems: Problem[] }>;
};

export function BulkOutcome({ answer }: { answer: BulkAnswer }) {
  const { t } = useI18n();
  const path = (slug: string) => `/admin/content/${answer.type}/${slug}`;
  return (
    <OutcomeFrame shown={JSON.stringify(answer)}>
      {answer.done.length > 0 && <Notice kind="success">{t(`content.bulk.done.${answer.intent}`, { count: answer.done.length })}</Notice>}
      {answer.refused.length > 0 && (
        <div className="ws-notice ws-error" role="alert">
          <p>{t(`content.bulk.refused.${answer.intent}`, { count: answer.refused.length })}</p>
          <ul>
            {answer.refused.map((r) => (
              <li key={r.slug}>
                <Link to={path(r.slug)} lang="en" dir="auto">
                  {r.title}
                </Link>
                : {t(`content.refused.${r.code}`)}
                {r.code === "unfinished" && <ProblemList problems={r.problems} itemPath={path(r.slug)} />}
              </li>
            ))}
          </ul>
        </div>
      )}
    </OutcomeFrame>
  );
}
