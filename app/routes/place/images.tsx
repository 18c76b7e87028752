import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { ImageGallery } from "../../components/ImageGallery";
import { usePlace } from "./layout";
import { sitePath } from "../../lib/paths";

export default function SiteImages() {
  const { t } = useI18n();
  const view = usePlace();
  return (
    <section aria-labelledby="images-title">
      <Seo
        title={`${t("actions.images")}: ${view.place.name}`}
        description={view.place.summary}
        path={`${sitePath.place(view.place.categoryId, view.place.cityId, view.place.id)}/images`}
        image={view.images[0]?.src}
      />
      <h2 id="images-title">{t("imageGallery.title")}</h2>
      {view.images.length ? <ImageGallery images={view.images} /> : <p className="state">{t("imageGallery.empty")}</p>}
      {/* The drawings say what they are; a photograph carries its own credit. */}
      {view.images.some((image) => !image.credit) && (
        <p className="credit">
          <small>{t("imageGallery.credit")}</small>
        </p>
      )}
    </section>
  );
}
