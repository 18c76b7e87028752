// "video player" (the first video) and "video player 2" (?n=2).
import { useSearchParams } from "react-router";
import { useI18n } from "../../i18n/I18nProvider";
import { Seo } from "../../components/Seo";
import { VideoPlayer, YouTubeFacade } from "../../components/VideoPlayer";
import { usePlace } from "./layout";
import { sitePath } from "../../lib/paths";

export default function PlaceVideo() {
  const { t } = useI18n();
  const view = usePlace();
  const [search] = useSearchParams();
  const n = search.get("n") === "2" ? 2 : 1;
  const video = view.videos[n - 1];
  const label = t(n === 2 ? "actions.video2" : "actions.video");
  return (
    <section aria-labelledby="video-title">
      <Seo
        title={`${label}: ${view.place.name}`}
        description={view.place.summary}
        path={`${sitePath.place(view.place.categoryId, view.place.cityId, view.place.id)}/video`}
      />
      <h2 id="video-title">{label}</h2>
      {!video && <p className="state">{t("video.empty")}</p>}
      {video?.kind === "file" && <VideoPlayer video={video} label={`${label}: ${view.place.name}`} />}
      {video?.kind === "youtube" && video.id && <YouTubeFacade id={video.id} title={video.title} />}
    </section>
  );
}
