import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { ImageGallery } from "../../components/ImageGallery";
import { useSite } from "./layout";
import { sitePath } from "../../lib/paths";

export default function SiteImages() {
  const { t } = useI18n();
  const site = useSite();
  return (
    <section aria-labelledby="images-title">
      <Seo
        title={`${t("actions.images")}: ${site.place.name}`}
        description={site.place.summary}
        path={`${sitePath.place(site.place.categoryId, site.place.cityId, site.place.id)}/images`}
        image={site.images[0]?.src}
      />
      <h2 id="images-title">{t("imageGallery.title")}</h2>
      {site.images.length ? <ImageGallery images={site.images} /> : <p className="state">{t("imageGallery.empty")}</p>}
      {/* The drawings say what they are; a photograph carries its own credit. */}
      {site.images.some((image) => !image.credit) && (
        <p className="credit">
          <small>{t("imageGallery.credit")}</small>
        </p>
      )}
    </section>
  );
}
