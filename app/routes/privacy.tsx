import type { Route } from "./+types/privacy";
import { languageOf } from "../lib/loader-params.server";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { useEnclosingRouteData } from "../lib/route-data";
import type { RootData } from "../root";

// Changed when the policy changes: from this day the site counts visits without tracking anyone (decision 033).
const PRIVACY_EFFECTIVE_DATE = "2026-11-27";

export function loader({ params }: Route.LoaderArgs) {
  languageOf(params);
  return null;
}

export default function Privacy() {
  const { t, language } = useI18n();
  const root = useEnclosingRouteData<RootData>("root");
  const date = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${PRIVACY_EFFECTIVE_DATE}T00:00:00Z`),
  );
  return (
    <div className="page narrow">
      <Seo title={t("meta.privacy.title")} description={t("meta.privacy.description")} path="/privacy" />
      <h1>{t("privacy.title")}</h1>
      <p>
        <strong>{t("privacy.effective")}</strong> <time dateTime={PRIVACY_EFFECTIVE_DATE}>{date}</time>
      </p>
      {(["noData", "noPermissions", "noLocation", "noCookies", "counts", "allAges", "contact"] as const).map((key) => (
        <section key={key}>
          <h2>{t(`privacy.${key}Title`)}</h2>
          <p>{t(`privacy.${key}`)}</p>
          {key === "contact" && <p>{t("privacy.retention", { months: root.settings.retentionMonths })}</p>}
        </section>
      ))}
    </div>
  );
}
