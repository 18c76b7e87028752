// The footer of SPEC.md: description, quick and support links, contact details and hours from the site
// settings, three social networks, and the copyright line with the current year.
import { useI18n } from "../i18n/I18nProvider";
import { LocalLink } from "./LocalLink";
import type { SiteSettings } from "../../domain/content/service";

/** Each link's address and the message key of its text, in the order the footer lists them. */
const QUICK_LINKS = [
  ["/", "navbar.home"],
  ["/destinations", "navbar.destination"],
  ["/experiences", "navbar.services"],
  ["/services", "footer.serviceDirectory"],
  ["/culture", "navbar.culture"],
  ["/map", "map.title"],
  ["/plan", "plan.title"],
  ["/events", "footer.events"],
  ["/itineraries", "itineraries.title"],
  ["/saved", "saved.title"],
  ["/about", "navbar.about"],
] as const;
const SUPPORT_LINKS = [
  ["/privacy", "footer.privacy"],
  ["/contact", "navbar.contact"],
  ["/open-data", "footer.openData"],
] as const;

export function Footer({ settings, year, variant }: { settings: SiteSettings; year: number; variant?: "services" }) {
  const { t } = useI18n();
  return (
    <footer className={`footer${variant ? ` footer-${variant}` : ""}`}>
      <div className="footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{t("common.siteName")}</h2>
          <p>{t("footer.description")}</p>
        </section>
        <FooterLinks id="footer-quick" heading="footer.quickLinks" links={QUICK_LINKS} />
        <FooterLinks id="footer-support" heading="footer.support" links={SUPPORT_LINKS} />
        <FooterContact settings={settings} />
      </div>
      <p className="copyright">{t("footer.copyright", { year })}</p>
    </footer>
  );
}

function FooterLinks({ id, heading, links }: { id: string; heading: string; links: ReadonlyArray<readonly [string, string]> }) {
  const { t } = useI18n();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id}>{t(heading)}</h2>
      <ul>
        {links.map(([to, text]) => (
          <li key={to}>
            <LocalLink to={to}>{t(text)}</LocalLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function FooterContact({ settings }: { settings: SiteSettings }) {
  const { t } = useI18n();
  return (
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
  );
}
