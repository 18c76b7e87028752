// A link that stays in the visitor's language: paths are written unprefixed and get the language prefix here.
import { Link, type LinkProps } from "react-router";
import { useI18n } from "../i18n/I18nProvider";
import { localePath } from "../lib/paths";

export function LocalLink({ to, ...rest }: Omit<LinkProps, "to"> & { to: string }) {
  const { language } = useI18n();
  return <Link to={to.startsWith("#") ? to : localePath(language, to)} {...rest} />;
}
