import type { Route } from "./+types/about";
import { languageOf } from "../lib/loader-params.server";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { LocalLink } from "../components/LocalLink";

export function loader({ params }: Route.LoaderArgs) {
  languageOf(params);
  return null;
}

export default function About() {
  const { t } = useI18n();
  return (
    <div className="page narrow">
      <Seo title={t("meta.about.title")} description={t("meta.about.description")} path="/about" />
      <h1>{t("aboutUs.title")}</h1>
      <p className="lead">{t("aboutUs.intro")}</p>
      <h2>{t("aboutUs.missionTitle")}</h2>
      <p>{t("aboutUs.mission")}</p>
      <h2>{t("aboutUs.accessTitle")}</h2>
      <p>{t("aboutUs.access")}</p>
      <h2>{t("aboutUs.appTitle")}</h2>
      <p>{t("aboutUs.app")}</p>
      <p>
        <LocalLink className="button" to="/contact">
          {t("aboutUs.contactCta")}
        </LocalLink>
      </p>
    </div>
  );
}
