// "video player" (the first video) and "video player 2" (?n=2).
import { useSearchParams } from "react-router";
import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { VideoPlayer, YouTubeFacade } from "../../components/VideoPlayer";
import { useSite } from "./layout";
import { sitePath } from "../../lib/paths";

export default function SiteVideo() {
  const { t } = useI18n();
  const site = useSite();
  const [search] = useSearchParams();
  const n = search.get("n") === "2" ? 2 : 1;
  const video = site.videos[n - 1];
  const label = t(n === 2 ? "actions.video2" : "actions.video");
  return (
    <section aria-labelledby="video-title">
      <Seo
        title={`${label}: ${site.place.name}`}
        description={site.place.summary}
        path={`${sitePath.place(site.place.categoryId, site.place.cityId, site.place.id)}/video`}
      />
      <h2 id="video-title">{label}</h2>
      {!video && <p className="state">{t("video.empty")}</p>}
      {video?.kind === "file" && <VideoPlayer video={video} label={`${label}: ${site.place.name}`} />}
      {video?.kind === "youtube" && video.id && <YouTubeFacade id={video.id} title={video.title} />}
    </section>
  );
}
