// The open data's catalogue (decision 032): DCAT-AP in JSON-LD, listing each dataset with its licence, its
// formats and when it last changed. Its context is written inline, so a reader needs nothing else to expand it.
import { DATASETS, type DatasetName } from "./service.ts";

const CONTENT_LICENCE = "https://creativecommons.org/licenses/by/4.0/";

const CONTEXT = {
  dcat: "http://www.w3.org/ns/dcat#",
  dct: "http://purl.org/dc/terms/",
  foaf: "http://xmlns.com/foaf/0.1/",
  xsd: "http://www.w3.org/2001/XMLSchema#",
  title: { "@id": "dct:title", "@container": "@language" },
  description: { "@id": "dct:description", "@container": "@language" },
  publisher: { "@id": "dct:publisher", "@type": "@id" },
  license: { "@id": "dct:license", "@type": "@id" },
  modified: { "@id": "dct:modified", "@type": "xsd:dateTime" },
  dataset: { "@id": "dcat:dataset", "@container": "@set" },
  distribution: { "@id": "dcat:distribution", "@container": "@set" },
  accessURL: { "@id": "dcat:accessURL", "@type": "@id" },
  downloadURL: { "@id": "dcat:downloadURL", "@type": "@id" },
  mediaType: "dcat:mediaType",
  conformsTo: { "@id": "dct:conformsTo", "@type": "@id" },
  landingPage: { "@id": "dcat:landingPage", "@type": "@id" },
  name: "foaf:name",
} as const;

/** The catalogue's texts in the languages it is written in (the /open-data page says the rest in all seven). */
type Texts = Record<string, string>;
type CatalogTexts = { title: Texts; description: Texts; places: { title: Texts; description: Texts }; publisher: string };

export function catalog(origin: string, modified: string | null, texts: CatalogTexts) {
  const url = (path: string) => new URL(path, origin).href;
  const distribution = (name: DatasetName, conformsTo: string) => ({
    "@type": "dcat:Distribution",
    accessURL: url("/open-data"),
    downloadURL: url(`/open-data/${name}`),
    mediaType: DATASETS[name].type.split(";")[0],
    license: CONTENT_LICENCE,
    conformsTo,
  });
  return {
    "@context": CONTEXT,
    "@id": url("/open-data/catalog.jsonld"),
    "@type": "dcat:Catalog",
    title: texts.title,
    description: texts.description,
    publisher: { "@id": url("/"), "@type": "foaf:Organization", name: texts.publisher },
    license: CONTENT_LICENCE,
    landingPage: url("/open-data"),
    dataset: [
      {
        "@id": url("/open-data#places"),
        "@type": "dcat:Dataset",
        title: texts.places.title,
        description: texts.places.description,
        license: CONTENT_LICENCE,
        ...(modified ? { modified } : {}),
        distribution: [
          distribution("places.geojson", "https://www.rfc-editor.org/rfc/rfc7946"),
          distribution("places.csv", "https://www.rfc-editor.org/rfc/rfc4180"),
        ],
      },
    ],
  };
}
