import { useI18n } from "../i18n/I18nProvider";
import { LocalLink } from "./LocalLink";

export function NotFoundPage({ kind }: { kind: "notFound" | "error" }) {
  const { t } = useI18n();
  return (
    <section className="page narrow not-found">
      <title>{`${t(`notFound.${kind}Title`)} | ${t("common.siteName")}`}</title>
      <meta name="robots" content="noindex" />
      <meta name="description" content={t(`notFound.${kind}Text`)} />
      <h1>{t(`notFound.${kind}Title`)}</h1>
      <p>{t(`notFound.${kind}Text`)}</p>
      <p>
        <LocalLink to="/" className="button">
          {t("notFound.home")}
        </LocalLink>
      </p>
    </section>
  );
}
