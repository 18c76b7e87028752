// Attacks on the editorial workspace of a live site, as an outsider holding one account would make them,
// through the workspace's own forms: a two-step code sent twice, and a password guessed again and again once
// signed in. The account is made straight in the site's database (inviting through the pages has its own
// test); each probe speaks from its own loopback address, since the site counts failures per address.
import pino from "pino";
import { openDatabase } from "../db/engine.ts";
import { buildDomain } from "../server/compose.ts";
import type { Role } from "../domain/workspace/roles.ts";
import { totpCode } from "./totp.ts";
import { requestFrom } from "./fuzz-send.ts";

const PASSWORD = "tamarind juice by the citadel gate";

type Answer = Awaited<ReturnType<typeof requestFrom>>;

/** The cookies a browser would hold: each name's latest value. */
export class CookieJar {
  readonly #values = new Map<string, string>();
  take(answer: Pick<Answer, "headers">) {
    const set = answer.headers["set-cookie"] ?? [];
    for (const cookie of Array.isArray(set) ? set : [set]) {
      const [pair] = cookie.split(";");
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      if (value) this.#values.set(name, value);
      else this.#values.delete(name);
    }
  }
  header() {
    return [...this.#values].map(([n, v]) => `${n}=${v}`).join("; ");
  }
}

/**
 * A workspace form posted as the browser would: its fields (repeated names as pairs), this site's Origin, the
 * jar's cookies. `timeoutMs`: how long the answer may take.
 */
export async function post(
  baseURL: string,
  from: string,
  jar: CookieJar,
  path: string,
  fields: Record<string, string> | Array<[string, string]>,
  timeoutMs?: number,
) {
  const answer = await requestFrom(
    baseURL,
    from,
    {
      method: "POST",
      path,
      headers: { origin: new URL(baseURL).origin, "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams(fields).toString(),
    },
    timeoutMs,
  );
  jar.take(answer);
  return answer;
}

/** A workspace page opened with the jar's cookies. */
export async function open(baseURL: string, from: string, jar: CookieJar, path: string, timeoutMs?: number) {
  const answer = await requestFrom(baseURL, from, { method: "GET", path, headers: { cookie: jar.header() } }, timeoutMs);
  jar.take(answer);
  return answer;
}

/** An account of `role` with a password, made in the site's database (SQLite, or PostgreSQL with `databaseUrl`). */
export async function workspaceAccount(database: { sqlitePath: string; databaseUrl?: string }, role: Role): Promise<string> {
  const email = `probe.${role}.${Date.now()}@example.org`;
  const handle = openDatabase(database);
  try {
    const workspace = buildDomain(handle, pino({ level: "silent" })).workspace;
    const { path } = await workspace.invite({ id: null, email: "security probe" }, { email, name: "Security Probe", role, languages: [] });
    await workspace.acceptInvitation(path.split("/").pop() ?? "", PASSWORD, PASSWORD);
  } finally {
    await handle.close();
  }
  return email;
}

/** An account of `role` with a password, made in the site's SQLite database. */
export const probeAccount = (sqlitePath: string, role: Role) => workspaceAccount({ sqlitePath }, role);

/** Signs in through the sign-in form with the password every account made here has (no two-step: editors need none). */
export const signIn = (baseURL: string, from: string, email: string, jar = new CookieJar()) =>
  post(baseURL, from, jar, "/admin/sign-in", { email, password: PASSWORD }).then((answer) => ({ answer, jar }));

/**
 * Two-step sign-in with a code that was accepted a moment before: turns two-step on, signs in with the next
 * step's code (accepted), then signs in again with the same code. Answers the two statuses of the code step.
 */
export async function codeReplay(baseURL: string, sqlitePath: string, from: string) {
  const email = await probeAccount(sqlitePath, "editor");
  const { jar } = await signIn(baseURL, from, email);
  const started = await post(baseURL, from, jar, "/admin/account", { intent: "two-factor-start", password: PASSWORD });
  const secret = started.body.match(/class="ws-key"[^>]*>([A-Z2-7]+)</)?.[1];
  if (!secret) throw new Error(`two-step enrolment did not start (${started.status})`);
  await post(baseURL, from, jar, "/admin/account", { intent: "two-factor-confirm", code: totpCode(secret) });
  // The enrolment used this step's code: the sign-in takes the next step's, which the site accepts too.
  const code = totpCode(secret, Date.now() + 30_000);
  const first = await signIn(baseURL, from, email);
  const accepted = await post(baseURL, from, first.jar, "/admin/two-factor", { code });
  const again = await signIn(baseURL, from, email);
  const replayed = await post(baseURL, from, again.jar, "/admin/two-factor", { code });
  return { first: accepted.status, replay: replayed.status, ok: accepted.status === 303 && replayed.status === 401 };
}

/**
 * Wrong passwords typed into a signed-in account's two-step form until the site refuses, then the right one:
 * the statuses, the right password's status and Retry-After, and whether signing in is then held back too.
 */
export async function reauthenticationGuessing(baseURL: string, sqlitePath: string, from: string, guesses = 6) {
  const email = await probeAccount(sqlitePath, "editor");
  const { jar } = await signIn(baseURL, from, email);
  const statuses: number[] = [];
  for (let i = 0; i < guesses; i++) {
    statuses.push((await post(baseURL, from, jar, "/admin/account", { intent: "two-factor-start", password: `guess ${i}` })).status);
  }
  const right = await post(baseURL, from, jar, "/admin/account", { intent: "two-factor-start", password: PASSWORD });
  const retryAfter = right.headers["retry-after"];
  const signInAfter = (await signIn(baseURL, from, email)).answer.status;
  return {
    statuses,
    rightPassword: right.status,
    retryAfter: typeof retryAfter === "string" ? retryAfter : null,
    signInAfter,
    ok: right.status === 429 && typeof retryAfter === "string" && signInAfter === 429,
  };
}

const TOUR_TITLE = { en: "Tour", ar: "جولة", fr: "Visite", es: "Recorrido", it: "Visita", tr: "Tur", zh: "导览" };
const UNSAFE_LINKS = ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "file:///etc/passwd"];

/**
 * Unsafe link schemes saved as an editor would save them, through the editing service the workspace's forms
 * call, on the live site's database: the settings' social and store links, a guide page's source, a virtual
 * tour. Answers how many were tried and how many were refused (a refused save writes nothing).
 */
export async function unsafeSchemes(sqlitePath: string) {
  const handle = openDatabase({ sqlitePath });
  const editor = { id: "security-probe", email: "security probe", role: "editor" as const, languages: "" };
  let tried = 0;
  let refused = 0;
  try {
    const { editing } = buildDomain(handle, pino({ level: "silent" }));
    const attempt = async (type: string, slug: string, change: (draft: Record<string, any>, link: string) => unknown) => {
      for (const link of UNSAFE_LINKS) {
        const item = await editing.item(editor, type, slug);
        tried++;
        await editing.save(editor, type, slug, item.revision, change(structuredClone(item.draft) as Record<string, any>, link)).then(
          () => undefined,
          () => refused++,
        );
      }
    };
    const guide = (await editing.list(editor, "guide"))[0].slug;
    const media = (await editing.list(editor, "media"))[0].slug;
    await attempt("settings", "all", (d, link) => ({ ...d, social: d.social.map((s: object) => ({ ...s, url: link })) }));
    await attempt("settings", "all", (d, link) => ({ ...d, appStoreUrl: link }));
    await attempt("guide", guide, (d, link) => ({ ...d, sources: [{ name: d.title, url: link }] }));
    await attempt("media", media, (d, link) => ({ entries: [...d.entries, { kind: "tour", src: link, title: TOUR_TITLE }] }));
  } finally {
    await handle.close();
  }
  return { tried, refused, ok: tried > 0 && refused === tried };
}
