// The server's configuration, read from the environment once at start and checked.
import { z } from "zod";
import { LOOPBACK_HOSTS } from "./http/allowed-hosts.ts";

const schema = z
  .object({
    // Production unless told otherwise: development mode would show error details to visitors.
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("127.0.0.1"),
    /** PostgreSQL connection string; without it the embedded SQLite database is used. */
    DATABASE_URL: z.string().optional(),
    SQLITE_PATH: z.string().default("data/site.sqlite"),
    /**
     * This machine's cache of encoded pictures (the site's illustrations and photographs): what it encoded once
     * is copied into the media store, which serves them, without encoding again.
     */
    MEDIA_DIR: z.string().default("data/media"),
    CONTENT_DIR: z.string().default("content"),
    /** The media library's folder (uploads and their variants), unless the S3-compatible store below is set. */
    MEDIA_STORE_DIR: z.string().default("data/media-store"),
    /** Where this machine keeps the open datasets it builds, one file per content version (decision 032). */
    OPEN_DATA_DIR: z.string().default("data/open-data"),
    /**
     * An S3-compatible bucket for the media library, shared by every instance (path-style URLs: the endpoint,
     * then the bucket). All of endpoint, bucket and both keys, or none.
     */
    MEDIA_S3_ENDPOINT: z.url().optional(),
    MEDIA_S3_BUCKET: z.string().min(3).optional(),
    MEDIA_S3_REGION: z.string().default("us-east-1"),
    MEDIA_S3_ACCESS_KEY_ID: z.string().optional(),
    MEDIA_S3_SECRET_ACCESS_KEY: z.string().optional(),
    /**
     * The site's public origin, e.g. https://visitsyria.gov.sy: every absolute URL (canonical links, hreflang, the
     * sitemap, the API's image URLs) is written from it, and a request naming another Host is refused. Required
     * in production unless the server listens on a loopback address only (`npm start` on one machine).
     */
    PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * A raster tile source for the map on the ministry's own domain, e.g. https://tiles.example.gov.sy/{z}/{x}/{y}.png
     * (docs/DEPLOYMENT.md). Unset, the map is drawn from the Natural Earth outlines alone and requests nothing else.
     */
    MAP_TILES_URL: z
      .url({ protocol: /^https?$/ })
      .refine((u) => ["{z}", "{x}", "{y}"].every((p) => u.includes(p)), "a tile URL template with {z}, {x} and {y}")
      .optional(),
    /**
     * The link checker (decision 030): "daily" asks every external link of the published content once a day, in
     * one instance at a time, and lets editors ask for a run; "off" (the default, and what development and the
     * tests use) never makes a request.
     */
    LINK_CHECK: z.enum(["off", "daily"]).default("off"),
    /**
     * The editors' weekly mail (decision 031): "weekly" sends each account that edits, once a week and from one
     * instance, what waits for review and which facts are past their review date; it needs SMTP_URL. "off" (the
     * default, and what development and the tests use) sends nothing.
     */
    EDITORS_MAIL: z.enum(["off", "weekly"]).default("off"),
    /** Statistics without tracking (decision 033): "on" counts page views, API calls and unanswered searches. */
    STATISTICS: z.enum(["on", "off"]).default("on"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SMTP_URL: z.string().optional(),
    CONTACT_MAIL_TO: z.email().optional(),
    CONTACT_MAIL_FROM: z.email().optional(),
    /** Contact messages allowed per client per 10 minutes. */
    CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).optional(),
    TRUST_PROXY: z.enum(["0", "1"]).default("0"),
    /**
     * Signs the workspace's session cookies. Optional: without it a random secret is made once and kept in the
     * database, shared by every instance on it. Setting it (32+ characters) lets an operator rotate it.
     */
    WORKSPACE_SECRET: z.string().min(32).optional(),
    /**
     * The metrics (GET /metrics, Prometheus format) are never public by default. METRICS_TOKEN (24+ characters)
     * serves them on the site's port to a scraper that sends it as a bearer token; METRICS_ADDRESS
     * ("127.0.0.1:9464") serves them, without a token, on an address of their own.
     */
    METRICS_TOKEN: z.string().min(24).optional(),
    /** "off" counts nothing and serves no /metrics (what the bench compares the cost of the metrics with). */
    METRICS: z.enum(["on", "off"]).default("on"),
    METRICS_ADDRESS: z
      .string()
      .regex(/^[\w.:[\]-]+:\d{1,5}$/, "host:port, such as 127.0.0.1:9464")
      // The host (an IPv6 one without its brackets) and the port, as a server listens on them.
      .transform((a) => ({
        hostname: a.slice(0, a.lastIndexOf(":")).replace(/^\[|\]$/g, ""),
        port: Number(a.slice(a.lastIndexOf(":") + 1)),
      }))
      .optional(),
    /** Seconds a browser or CDN may keep a public page. */
    PAGE_MAX_AGE: z.coerce.number().int().min(0).default(300),
  })
  .refine((e) => e.NODE_ENV !== "production" || e.PUBLIC_ORIGIN !== undefined || LOOPBACK_HOSTS.includes(e.HOST), {
    message:
      "PUBLIC_ORIGIN is required in production when HOST is not a loopback address: set it to the site's public address, " +
      "such as https://visitsyria.gov.sy (absolute links are written from it, and requests for any other host are refused)",
    path: ["PUBLIC_ORIGIN"],
  })
  .refine(
    (e) => {
      const s3 = [e.MEDIA_S3_ENDPOINT, e.MEDIA_S3_BUCKET, e.MEDIA_S3_ACCESS_KEY_ID, e.MEDIA_S3_SECRET_ACCESS_KEY];
      return s3.every((v) => v === undefined) || s3.every((v) => v !== undefined);
    },
    {
      message: "set all of MEDIA_S3_ENDPOINT, MEDIA_S3_BUCKET, MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or none",
      path: ["MEDIA_S3_ENDPOINT"],
    },
  );

export type Env = z.infer<typeof schema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
