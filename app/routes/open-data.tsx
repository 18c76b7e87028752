// /open-data: the open datasets, described for the people who build on them (decision 032): what each holds,
// its formats and licence, how to cite it, and code that fetches it. The files themselves are answered by
// server/open-data.ts.
import type { Route } from "./+types/open-data";
import { useLoaderData } from "react-router";
import { domainOf, languageOf, originOf } from "../lib/loader-params.server";
import { useI18n } from "../i18n/I18nProvider";
import { Seo } from "../components/Seo";
import { DAMASCUS_ZONE } from "../../shared/damascus-time";

const LICENCE_URL = "https://creativecommons.org/licenses/by/4.0/";
const FIELDS = ["name", "kind", "where", "status", "unesco", "pages", "pictures"] as const;
const FILES = [
  { key: "geojson", path: "/open-data/places.geojson" },
  { key: "csv", path: "/open-data/places.csv" },
  { key: "schema", path: "/open-data/places.schema.json" },
  { key: "catalog", path: "/open-data/catalog.jsonld" },
] as const;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  languageOf(params);
  const domain = domainOf(context);
  return { origin: originOf(context, request), modified: await domain.openData.lastChange() };
}

export default function OpenData() {
  const { t, language } = useI18n();
  const { origin, modified } = useLoaderData<typeof loader>();
  const day = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: DAMASCUS_ZONE }).format(new Date(iso));
  const geojson = `${origin}/open-data/places.geojson`;
  return (
    <div className="page narrow">
      <Seo title={t("meta.openData.title")} description={t("meta.openData.description")} path="/open-data" />
      <h1>{t("openData.title")}</h1>
      <p className="lead">{t("openData.lead")}</p>
      <section aria-labelledby="licence">
        <h2 id="licence">{t("openData.licenceTitle")}</h2>
        <p>{t("openData.licence")}</p>
        <p>{t("openData.pictures")}</p>
        <p>
          <a href={LICENCE_URL} rel="license noopener" hrefLang="en">
            {t("openData.licenceLink")}
          </a>
        </p>
      </section>
      <section aria-labelledby="places" id="places-dataset">
        <h2 id="places">{t("openData.places.title")}</h2>
        <p>{t("openData.places.description")}</p>
        <p>{t("openData.updates")}</p>
        {modified && <p>{t("openData.updated", { date: day(modified) })}</p>}
        <h3>{t("openData.formatsTitle")}</h3>
        <ul>
          {FILES.map((f) => (
            <li key={f.key}>
              <a href={f.path} dir="ltr">
                {f.path}
              </a>
              <p>{t(`openData.${f.key}`)}</p>
            </li>
          ))}
        </ul>
        <h3>{t("openData.fieldsTitle")}</h3>
        <ul>
          {FIELDS.map((f) => (
            <li key={f}>{t(`openData.fields.${f}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="cite">
        <h2 id="cite">{t("openData.citeTitle")}</h2>
        <p>{t("openData.cite", { url: `${origin}/open-data`, date: day(new Date().toISOString()) })}</p>
      </section>
      <section aria-labelledby="sample">
        <h2 id="sample">{t("openData.sampleTitle")}</h2>
        <p>{t("openData.sampleShell")}</p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: code wider than a phone scrolls, and keyboard users must reach it (WCAG 2.1.1). */}
        <pre dir="ltr" className="code" tabIndex={0}>
          <code>{`curl --compressed -o places.geojson ${geojson}`}</code>
        </pre>
        <p>{t("openData.sampleBrowser")}</p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: code wider than a phone scrolls, and keyboard users must reach it (WCAG 2.1.1). */}
        <pre dir="ltr" className="code" tabIndex={0}>
          <code>
            {`const places = await (await fetch("${geojson}")).json();\nfor (const { geometry, properties } of places.features)\n  console.log(properties.name.ar ?? properties.name.en, geometry.coordinates);`}
          </code>
        </pre>
      </section>
    </div>
  );
}
