// The sign-language video of a site, for deaf visitors.
import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { VideoPlayer } from "../../components/VideoPlayer";
import { useSite } from "./layout";
import { sitePath } from "../../lib/paths";

export default function SiteSign() {
  const { t } = useI18n();
  const site = useSite();
  const video = site.sign[0];
  return (
    <section aria-labelledby="sign-title">
      <Seo
        title={`${t("actions.sign")}: ${site.place.name}`}
        description={site.place.summary}
        path={`${sitePath.place(site.place.categoryId, site.place.cityId, site.place.id)}/sign`}
      />
      <h2 id="sign-title">{t("signVideo.title")}</h2>
      {video ? (
        <VideoPlayer video={video} label={`${t("signVideo.title")}: ${site.place.name}`} />
      ) : (
        <p className="state">{t("signVideo.empty")}</p>
      )}
    </section>
  );
}
