// A place's status and practical facts as a traveller reads them. Only what is filled is shown: a fact that
// nobody has confirmed is absent from the content, and so from the page, never a guess or a placeholder.
import { useI18n } from "../i18n/I18nProvider";
import type { PlaceView } from "../lib/place-view.server";

type Place = PlaceView["place"];

/** "Partly open · last checked March 2026", its note, and the World Heritage in Danger listing. */
export function PlaceStatus({ place }: { place: Place }) {
  const { t } = useI18n();
  const { status, inDangerSince } = place.facts;
  if (!status && !inDangerSince) return null;
  return (
    <div className="place-status">
      {status && (
        <p className={`status status-${status.state}`}>
          <strong>{t(`facts.states.${status.state}`)}</strong>
          {" · "}
          <CheckedText status={status} />
        </p>
      )}
      {status?.note && <p className="status-note">{status.note}</p>}
      {status?.overdue && <p className="status-overdue">{t("facts.overdue")}</p>}
      {inDangerSince && <p className="in-danger">{t("facts.inDanger", { year: inDangerSince })}</p>}
    </div>
  );
}

/**
 * "last checked against <the source>, March 2026" (the source linked when it has an address), "seen on site
 * March 2026", or, when no source is named, "last checked March 2026". Never "verified" for a source read.
 */
function CheckedText({ status }: { status: NonNullable<Place["facts"]["status"]> }) {
  const { t } = useI18n();
  const date = status.verifiedText;
  if (status.seen) return <span>{t("facts.seen", { date })}</span>;
  if (!status.source) return <span>{t("facts.verified", { date })}</span>;
  // The sentence is translated whole; the source's name goes where the language puts it.
  const [before, after = ""] = t("facts.checkedAgainst", { date }).split("{source}");
  const name = status.source.url ? (
    <a href={status.source.url} rel="noopener">
      {status.source.name}
    </a>
  ) : (
    status.source.name
  );
  return (
    <span>
      {before}
      {name}
      {after}
    </span>
  );
}

/** "last checked March 2026", and the sentence saying it may be out of date once past its review date. */
function CheckedNote({ check }: { check: Place["facts"]["practicalCheck"] }) {
  const { t } = useI18n();
  if (!check) return null;
  return (
    <>
      <p className="note">{t("facts.verified", { date: check.text })}</p>
      {check.overdue && <p className="status-overdue">{t("facts.overdue")}</p>}
    </>
  );
}

/** The governorate, the nearest base, the filled practical facts and any safety note. */
export function PracticalFacts({ place }: { place: Place }) {
  const { t } = useI18n();
  const { practical, travelText, safety, practicalCheck, safetyCheck } = place.facts;
  return (
    <section className="practical" aria-labelledby="practical-title">
      <h3 id="practical-title">{t("facts.title")}</h3>
      {practical.length > 0 && <CheckedNote check={practicalCheck} />}
      <dl>
        {place.governorate && (
          <div>
            <dt>{t("facts.governorate")}</dt>
            <dd>{t(`governorates.${place.governorate}`)}</dd>
          </div>
        )}
        <div>
          <dt>{t("facts.nearestBase")}</dt>
          <dd>{travelText ? t("facts.travel", { city: place.cityName, time: travelText }) : place.cityName}</dd>
        </div>
        {practical.map(({ field, text }) => (
          <div key={field}>
            <dt>{t(`facts.fields.${field}`)}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      {safety && (
        <aside className="safety" aria-labelledby="safety-title">
          <h4 id="safety-title">{t("facts.safety")}</h4>
          <p>{safety}</p>
          <CheckedNote check={safetyCheck} />
        </aside>
      )}
    </section>
  );
}
