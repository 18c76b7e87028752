// The open datasets' addresses (decision 032): /open-data/places.geojson and places.csv (files built per content
// version, sent as they are stored, in the encoding the client accepts), the DCAT-AP catalogue and the JSON
// Schema. Anyone may fetch them from anywhere (CORS), no cookie is read or set, and a client that has the
// version already is answered 304.
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { Context, Env, Hono } from "hono";
import type { Domain } from "../domain/domain.ts";
import { catalog } from "../domain/open-data/catalog.ts";
import { placesJsonSchema } from "../domain/open-data/schema.ts";
import { DATASETS, isDatasetName } from "../domain/open-data/service.ts";
import { messagesFor } from "../app/i18n/messages.server.ts";
import { LANGUAGE_CODES } from "../shared/languages.ts";
import { pickEncoding } from "./http/compression.ts";

const MAX_AGE = 300;

/** What every open answer says: anyone may read it, from anywhere, for a few minutes before asking again. */
function openHeaders(c: Context, etag: string, modified?: Date) {
  c.header("access-control-allow-origin", "*");
  c.header("cross-origin-resource-policy", "cross-origin");
  c.header("cache-control", `public, max-age=${MAX_AGE}`);
  c.header("vary", "Accept-Encoding");
  c.header("etag", etag);
  if (modified) c.header("last-modified", modified.toUTCString());
}

/** Whether the client's copy is this one (If-None-Match, else If-Modified-Since). */
function unchanged(c: Context, etag: string, modified?: Date): boolean {
  const tags = c.req.header("if-none-match");
  if (tags) return tags.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
  const since = Date.parse(c.req.header("if-modified-since") ?? "");
  return !!modified && !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000);
}

/** The catalogue's titles and descriptions in every language. */
function catalogTexts() {
  const per = (pick: (m: ReturnType<typeof messagesFor>["openData"]) => string) =>
    Object.fromEntries(LANGUAGE_CODES.map((l) => [l, pick(messagesFor(l).openData)]));
  return {
    title: per((m) => m.title),
    description: per((m) => m.lead),
    places: { title: per((m) => m.places.title), description: per((m) => m.places.description) },
    publisher: messagesFor("en").openData.publisher,
  };
}

export function openDataRoutes<E extends Env>(app: Hono<E>, domain: Domain) {
  app.get("/open-data/catalog.jsonld", async (c) => {
    const version = await domain.content.version();
    const etag = `"catalog-${version}"`;
    openHeaders(c, etag);
    if (unchanged(c, etag)) return c.body(null, 304);
    const body = catalog(domain.openData.origin(), await domain.openData.lastChange(), catalogTexts());
    return c.body(JSON.stringify(body), 200, { "content-type": "application/ld+json; charset=utf-8" });
  });
  app.get("/open-data/places.schema.json", (c) => {
    openHeaders(c, '"places-schema-1"');
    return c.body(JSON.stringify(placesJsonSchema()), 200, { "content-type": "application/schema+json; charset=utf-8" });
  });
  app.get("/open-data/:file", async (c, next) => {
    const name = c.req.param("file");
    if (!isDatasetName(name)) return next();
    const built = await domain.openData.dataset(name);
    const encoding = pickEncoding(c.req.header("accept-encoding")) ?? "identity";
    const etag = `"${name}-${built.version}-${encoding}"`;
    openHeaders(c, etag, built.modified);
    if (unchanged(c, etag, built.modified)) return c.body(null, 304);
    if (encoding !== "identity") c.header("content-encoding", encoding);
    c.header("content-type", DATASETS[name].type);
    if (c.req.method === "HEAD") return c.body(null, 200);
    return c.body(Readable.toWeb(createReadStream(built.encodings[encoding])) as ReadableStream, 200);
  });
}

/** The open datasets in the OpenAPI document, beside the mobile app's API (decision 032). */
export function withOpenData<T extends { tags: Array<{ name: string; description: string }>; paths: Record<string, unknown> }>(doc: T): T {
  const { $schema: _, ...places } = placesJsonSchema() as Record<string, unknown>;
  const file = (summary: string, type: string, schema: object) => ({
    get: {
      operationId: `getOpenData${summary.replace(/[^a-zA-Z]/g, "")}`,
      summary,
      description: "Texts and data under CC BY 4.0, credited to the Ministry of Tourism; each picture under its own licence.",
      tags: ["open data"],
      responses: {
        "200": { description: "The file for the content published now", content: { [type]: { schema } } },
        "304": { description: "The client's copy (If-None-Match or If-Modified-Since) is the current one" },
      },
    },
  });
  return {
    ...doc,
    tags: [...doc.tags, { name: "open data", description: "The open datasets anyone may use (the /open-data page describes them)" }],
    paths: {
      ...doc.paths,
      "/open-data/places.geojson": file("Places as GeoJSON", "application/geo+json", places),
      "/open-data/places.csv": file("Places as CSV", "text/csv", { type: "string" }),
      "/open-data/catalog.jsonld": file("The DCAT-AP catalogue", "application/ld+json", { type: "object" }),
      "/open-data/places.schema.json": file("The JSON Schema of places.geojson", "application/schema+json", { type: "object" }),
    },
  };
}
