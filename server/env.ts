// The server's configuration, read from the environment once at start and checked.
import { z } from "zod";

const schema = z.object({
  // Production unless told otherwise: development mode would show error details to visitors.
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  /** PostgreSQL connection string; without it the embedded SQLite database is used. */
  DATABASE_URL: z.string().optional(),
  SQLITE_PATH: z.string().default("data/site.sqlite"),
  /** Where processed images are written and served from. */
  MEDIA_DIR: z.string().default("data/media"),
  CONTENT_DIR: z.string().default("content"),
  /** The public origin used for absolute URLs (canonical links, image URLs of the API). */
  PUBLIC_ORIGIN: z.url().optional(),
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
  /** Seconds a browser or CDN may keep a public page. */
  PAGE_MAX_AGE: z.coerce.number().int().min(0).default(300),
});

export type Env = z.infer<typeof schema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
