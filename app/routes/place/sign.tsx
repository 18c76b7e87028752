// The sign-language video of a place, for deaf visitors.
import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { VideoPlayer } from "../../components/VideoPlayer";
import { usePlace } from "./layout";
import { sitePath } from "../../lib/paths";

export default function PlaceSign() {
  const { t } = useI18n();
  const view = usePlace();
  const video = view.sign[0];
  return (
    <section aria-labelledby="sign-title">
      <Seo
        title={`${t("actions.sign")}: ${view.place.name}`}
        description={view.place.summary}
        path={`${sitePath.place(view.place.categoryId, view.place.cityId, view.place.id)}/sign`}
      />
      <h2 id="sign-title">{t("signVideo.title")}</h2>
      {video ? (
        <VideoPlayer video={video} label={`${t("signVideo.title")}: ${view.place.name}`} />
      ) : (
        <p className="state">{t("signVideo.empty")}</p>
      )}
    </section>
  );
}
