import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { usePlace } from "./layout";
import { sitePath } from "../../lib/paths";
import { PracticalFacts } from "../../components/PlaceFacts";

export default function PlaceInfo() {
  const { t } = useI18n();
  const { place } = usePlace();
  const paragraphs = place.information
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <section aria-labelledby="info-title">
      <Seo
        title={t("placeInfo.pageTitle", { place: place.name })}
        description={place.summary}
        path={`${sitePath.place(place.categoryId, place.cityId, place.id)}/info`}
      />
      <h2 id="info-title">{t("placeInfo.title")}</h2>
      {/* biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one text never move, and two may read the same. */}
      {paragraphs.length ? paragraphs.map((p, i) => <p key={i}>{p}</p>) : <p className="state">{t("placeInfo.empty")}</p>}
      <h3>{t("placeInfo.address")}</h3>
      <p>{place.address}</p>
      <PracticalFacts place={place} />
    </section>
  );
}
