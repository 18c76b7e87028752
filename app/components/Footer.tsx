// The footer of SPEC.md: description, quick and support links, contact details and hours from the site
// settings, three social networks, and the copyright line with the current year.
import { useI18n } from "../i18n/I18nProvider";
import { LocalLink } from "./LocalLink";
import type { SiteSettings } from "../../domain/content/service";

export function Footer({ settings, year, variant }: { settings: SiteSettings; year: number; variant?: "services" }) {
  const { t } = useI18n();
  return (
    <footer className={`footer${variant ? ` footer-${variant}` : ""}`}>
      <div className="footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{t("common.siteName")}</h2>
          <p>{t("footer.description")}</p>
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick">{t("footer.quickLinks")}</h2>
          <ul>
            <li>
              <LocalLink to="/">{t("navbar.home")}</LocalLink>
            </li>
            <li>
              <LocalLink to="/destinations">{t("navbar.destination")}</LocalLink>
            </li>
            <li>
              <LocalLink to="/experiences">{t("navbar.services")}</LocalLink>
            </li>
            <li>
              <LocalLink to="/services">{t("footer.serviceDirectory")}</LocalLink>
            </li>
            <li>
              <LocalLink to="/culture">{t("navbar.culture")}</LocalLink>
            </li>
            <li>
              <LocalLink to="/map">{t("map.title")}</LocalLink>
            </li>
            <li>
              <LocalLink to="/plan">{t("plan.title")}</LocalLink>
            </li>
            <li>
              <LocalLink to="/events">{t("footer.events")}</LocalLink>
            </li>
            <li>
              <LocalLink to="/saved">{t("saved.title")}</LocalLink>
            </li>
            <li>
              <LocalLink to="/about">{t("navbar.about")}</LocalLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support">{t("footer.support")}</h2>
          <ul>
            <li>
              <LocalLink to="/privacy">{t("footer.privacy")}</LocalLink>
            </li>
            <li>
              <LocalLink to="/contact">{t("navbar.contact")}</LocalLink>
            </li>
            <li>
              <LocalLink to="/open-data">{t("footer.openData")}</LocalLink>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t("footer.contactUs")}</h2>
          <address>
            <p>{settings.address}</p>
            {settings.phone && (
              <p>
                {t("footer.phone", { phone: "" })}
                <a href={`tel:${settings.phone.replace(/[^+\d]/g, "")}`} dir="ltr">
                  {settings.phone}
                </a>
              </p>
            )}
            {settings.email && (
              <p>
                {t("footer.email", { email: "" })}
                <a href={`mailto:${settings.email}`} dir="ltr">
                  {settings.email}
                </a>
              </p>
            )}
            <p>{t("footer.hours", { hours: settings.workingHours })}</p>
          </address>
          <ul className="social" aria-label={t("footer.social")}>
            {settings.social.map((s) => (
              <li key={s.network}>
                <a href={s.url} rel="noopener noreferrer" target="_blank">
                  {t(`footer.networks.${s.network}`)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="copyright">{t("footer.copyright", { year })}</p>
    </footer>
  );
}
