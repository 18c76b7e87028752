// /offline: what the service worker answers, in the visitor's language, when a page was never opened on this
// device and the network is gone. The pages and the saved list the visitor has seen still open.
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { LocalLink } from "../components/LocalLink";
import type { Route } from "./+types/offline";
import { languageOf } from "../lib/loader-params.server";

/** Sent as a plain document (see `useScripts` in root.tsx): it is shown at other pages' addresses. */
export const handle = { scripts: false };

export function loader({ params }: Route.LoaderArgs) {
  languageOf(params);
  return null;
}

export default function Offline() {
  const { t } = useI18n();
  return (
    <div className="page">
      <Seo title={t("offline.title")} description={t("offline.text")} path="/offline" noindex />
      <h1>{t("offline.title")}</h1>
      <p className="lead">{t("offline.text")}</p>
      <p>
        <LocalLink to="/saved" reloadDocument>
          {t("offline.saved")}
        </LocalLink>
      </p>
    </div>
  );
}
