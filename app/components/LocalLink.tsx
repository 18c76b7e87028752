// A link that stays in the visitor's language: paths are written unprefixed and get the language prefix here.
import { Link, NavLink, type LinkProps, type NavLinkProps } from "react-router";
import { useI18n } from "../i18n/context";
import { localePath } from "../lib/paths";

export function LocalLink({ to, ...rest }: Omit<LinkProps, "to"> & { to: string }) {
  const { language } = useI18n();
  return <Link to={to.startsWith("#") ? to : localePath(language, to)} {...rest} />;
}

export function LocalNavLink({ to, ...rest }: Omit<NavLinkProps, "to"> & { to: string }) {
  const { language } = useI18n();
  return <NavLink to={localePath(language, to)} {...rest} />;
}
