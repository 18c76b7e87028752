import { useI18n } from "../../i18n/context";
import { Seo } from "../../components/Seo";
import { useSite } from "./layout";
import { sitePath } from "../../lib/paths";

export default function SiteInfo() {
  const { t } = useI18n();
  const { place } = useSite();
  const paragraphs = place.information.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return (
    <section aria-labelledby="info-title">
      <Seo title={t("siteInfo.pageTitle", { place: place.name })} description={place.summary} path={`${sitePath.place(place.categoryId, place.cityId, place.id)}/info`} />
      <h2 id="info-title">{t("siteInfo.title")}</h2>
      {paragraphs.length ? paragraphs.map((p, i) => <p key={i}>{p}</p>) : <p className="state">{t("siteInfo.empty")}</p>}
      <h3>{t("siteInfo.address")}</h3>
      <p>{place.address}</p>
    </section>
  );
}
