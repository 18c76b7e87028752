// The site settings a page shows (footer, contact page, app section), in the page's language.
import { DEFAULT_RETENTION_MONTHS } from "../../shared/limits";
export type SiteSettings = {
  address: string;
  phone: string | null;
  email: string | null;
  workingHours: string;
  social: Array<{ network: string; url: string }>;
  appStoreUrl: string;
  googlePlayUrl: string;
  /** Months a contact message is kept before it is deleted (the privacy page says so). */
  retentionMonths: number;
};

type Translated = Record<string, string>;

export function localSettings(raw: Record<string, unknown>, language: string): SiteSettings {
  const pick = (t: unknown) => (t as Translated | undefined)?.[language] ?? (t as Translated | undefined)?.en ?? "";
  return {
    address: pick(raw.address),
    phone: (raw.phone as string | undefined) ?? null,
    email: (raw.email as string | undefined) ?? null,
    workingHours: pick(raw.workingHours),
    social: (raw.social as SiteSettings["social"] | undefined) ?? [],
    appStoreUrl: (raw.appStoreUrl as string | undefined) ?? "",
    googlePlayUrl: (raw.googlePlayUrl as string | undefined) ?? "",
    retentionMonths: typeof raw.retentionMonths === "number" ? raw.retentionMonths : DEFAULT_RETENTION_MONTHS,
  };
}
