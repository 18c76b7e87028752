// The mobile app promotion with store badges (drawn here: the official badge files cannot be fetched).
import { useI18n } from "../i18n/I18nProvider";

function Badge({ href, store }: { href: string; store: "appStore" | "googlePlay" }) {
  const { t } = useI18n();
  return (
    <a className="store-badge" href={href} rel="noopener noreferrer" target="_blank">
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        {store === "appStore" ? (
          <path
            fill="currentColor"
            d="M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.2-2.8.8-3.5.8-.7 0-1.8-.8-3-.8-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.6zM14.2 5.6c.6-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.1 1.8-1 2.9 1.1.1 2.2-.6 2.8-1.4z"
          />
        ) : (
          <path
            fill="currentColor"
            d="M4 2.5l10.2 9.5L4 21.5c-.3-.2-.5-.6-.5-1V3.5c0-.4.2-.8.5-1zm11.3 10.5l2.6 2.4-11.5 6.4 8.9-8.8zm0-2L6.4 2.2l11.5 6.4-2.6 2.4zm3.7-1.8l2.8 1.6c.8.5.8 1.6 0 2.1L19 14.5 16.2 12 19 9.2z"
          />
        )}
      </svg>
      <span>
        <small>{t(`uploadApp.${store}Small`)}</small>
        <strong>{t(`uploadApp.${store}`)}</strong>
      </span>
    </a>
  );
}

export function AppDownload({ appStoreUrl, googlePlayUrl }: { appStoreUrl: string; googlePlayUrl: string }) {
  const { t } = useI18n();
  return (
    <section id="app" className="section app-download" aria-labelledby="app-title">
      <h2 id="app-title">{t("uploadApp.title")}</h2>
      <p>{t("uploadApp.text")}</p>
      <div className="store-badges">
        {appStoreUrl && <Badge href={appStoreUrl} store="appStore" />}
        {googlePlayUrl && <Badge href={googlePlayUrl} store="googlePlay" />}
      </div>
    </section>
  );
}
