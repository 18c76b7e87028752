// The credit a photograph or a video of the media library carries wherever it is shown: its author, its
// licence with a link to the licence (which Creative Commons licences require), and where it was published.
import { LICENCES, type Credit } from "../../shared/licences";
import { useI18n } from "../i18n/I18nProvider";

export function PhotoCredit({
  credit,
  className = "photo-credit",
  of = "photo",
}: {
  credit: Credit;
  className?: string;
  of?: "photo" | "video";
}) {
  const { t } = useI18n();
  const licence = LICENCES[credit.licence];
  const name = licence.name ?? t(credit.licence === "ministry" ? "credit.ministry" : "credit.publicDomain");
  return (
    <small className={className}>
      {/* Each part isolated, so a Latin name beside a Latin licence keeps its place in an Arabic line. */}
      {t(`credit.${of}`, { author: `\u2068${credit.author}\u2069` })}
      {" · "}
      {licence.url ? (
        <a href={licence.url} rel="license noopener" target="_blank">
          <bdi>{name}</bdi>
        </a>
      ) : (
        <bdi>{name}</bdi>
      )}
      {credit.source && (
        <>
          {" · "}
          <a href={credit.source} rel="noopener" target="_blank">
            {t("credit.source")}
          </a>
        </>
      )}
    </small>
  );
}
