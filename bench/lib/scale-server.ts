// The server of one scale case (bench/parts/scale.ts), and the steps run against it. When the server dies in
// a step, that is recorded and a new one is started on the same database for the next step (at most
// `MAX_STARTS` in all), so one part of the site that cannot hold the content does not hide the others.
import type { BenchContext } from "./types.ts";
import { mb } from "./spread.ts";
import { API } from "./traffic.ts";
import { searchRequest } from "./search-client.ts";
import { timed, workspaceForms } from "../../harness/workspace-forms.ts";
import type { ServerProcess } from "../../harness/server-process.ts";
import { rssOf } from "../../harness/website.ts";
import type { CookieJar } from "../../harness/workspace-probes.ts";
import { type Case, type CaseSetup, FROM, MAX_STARTS, ServerDied, sleep, StepTimeout } from "./scale-case.ts";

/** Why the server stopped, from its exit and its last words. */
function deathOf(server: ServerProcess): string {
  const { exitCode, signalCode } = server.child;
  const how = signalCode ?? `exit ${exitCode}`;
  return /heap out of memory|Allocation failed/i.test(server.output())
    ? `process killed: JavaScript heap out of memory (${how})`
    : `process killed (${how})`;
}

/** Stops the server, and kills it when it does not end within `ms`. */
async function stopServer(server: ServerProcess, ms = 30_000) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const stopped = server.stop();
  const late = await Promise.race([stopped.then(() => false), sleep(ms).then(() => true)]);
  if (late) {
    server.child.kill("SIGKILL");
    await stopped;
  }
}

/** A public place as the API's lists and search give it. */
export type Found = { id: number; place_name: string; description: string };
export type Page<T> = { data: T[]; meta?: { last_page?: number } };

/** A running case: its server (started again after a death), the signed-in editor, and the step runner. */
export type Session = NonNullable<Awaited<ReturnType<typeof startSession>>>;

/** Starts the case's server; undefined (the failure recorded) when it cannot start. */
export async function startSession(ctx: BenchContext, c: Case, setup: CaseSetup, start: () => Promise<ServerProcess>, label: string) {
  const { limits } = setup;
  let server: ServerProcess | undefined;
  /** Why the running server stopped, until a new one is started. */
  let died: string | undefined;
  let death: Promise<never> = new Promise(() => {});
  let cannotStart: string | undefined;
  /** Publishes made by the running server process (its memory is read after them). */
  let publishesHere = 0;
  /** What was asked of the server last: where it was when it died. */
  let doing = "starting";
  const note = (what: string) => {
    doing = what;
  };

  async function launch(): Promise<boolean> {
    if (cannotStart) return false;
    if (c.restarts >= MAX_STARTS - 1 && server) {
      cannotStart = `it died ${c.restarts + 1} times`;
      return false;
    }
    try {
      const { ms, value } = await timed(start);
      if (server) c.restarts++;
      else c.startMs = ms;
      server = value;
      died = undefined;
      publishesHere = 0;
      death = new Promise<never>((_, reject) =>
        value.child.once("exit", () => {
          died = deathOf(value);
          reject(new ServerDied(died));
        }),
      );
      death.catch(() => {});
      return true;
    } catch (error) {
      const message = (error as Error).message;
      cannotStart = /heap out of memory/i.test(message)
        ? "process killed: JavaScript heap out of memory while starting"
        : `the server did not start: ${message.split("\n")[0]}`;
      if (cannotStart.startsWith("process killed")) c.killed.push(`server: ${cannotStart}`);
      return false;
    }
  }
  if (!(await launch())) {
    c.failures.start = cannotStart ?? "the server did not start";
    return undefined;
  }
  const base = () => server!.url;
  const api = () => `${base()}${API}`;
  let jar: CookieJar | undefined;
  let editor: ReturnType<typeof workspaceForms> | undefined;
  const forms = () => {
    if (!editor) throw new Error("not signed in");
    return editor;
  };
  /** Searching killed the server once: the public search is then left out of what a run watches. */
  let searchKills = false;

  /** Runs one step within its limit; records a timeout, the server's death or an error, and answers whether it finished. */
  async function step(name: string, limitMs: number, work: (stopped: () => boolean) => Promise<void>): Promise<boolean> {
    if (died) {
      if (!(await launch())) {
        c.failures[name] = `not measured: no server (${cannotStart})`;
        return false;
      }
      if (jar) editor = workspaceForms(base(), FROM, jar, limits.request, note);
    }
    let over = false;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        over = true;
        reject(new StepTimeout(`timed out after ${Math.round(limitMs / 1000)} s`));
      }, limitMs);
    });
    try {
      await Promise.race([work(() => over || died !== undefined), limit, death]);
      return true;
    } catch (error) {
      // A request that failed because the server died tells less than the death itself.
      await sleep(200);
      if (died) {
        const text = `${died}, while ${doing}`;
        c.failures[name] = text;
        c.killed.push(`server: ${text}`);
        if (/search/.test(doing)) searchKills = true;
      } else c.failures[name] = (error as Error).message;
      return false;
    } finally {
      over = true;
      clearTimeout(timer);
    }
  }

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(limits.request) });
    return { status: res.status, text: await res.text() };
  };
  const json = async <T>(path: string): Promise<T> => {
    const answer = await get(`${api()}${path}`);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
    return JSON.parse(answer.text) as T;
  };
  /** The first page of the app's search for `name`. */
  const search = async (name: string) => {
    const { path, body } = searchRequest(name);
    const res = await fetch(`${api()}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      signal: AbortSignal.timeout(limits.request),
    });
    if (res.status !== 200) throw new Error(`search: ${res.status}`);
    return ((await res.json()) as { data: Found[] }).data;
  };

  /** Records a death between steps (none asked the server anything), and stops the server. */
  const end = async () => {
    const last = died;
    if (last && !c.killed.some((k) => k.startsWith(`server: ${last}`))) c.killed.push(`server: ${last}, between steps`);
    if (server) await stopServer(server);
  };
  return {
    ctx,
    c,
    setup,
    label,
    base,
    api,
    note,
    step,
    get,
    json,
    search,
    forms,
    end,
    jar: () => jar,
    signedIn(signed: CookieJar) {
      jar = signed;
      editor = workspaceForms(base(), FROM, signed, setup.limits.request, note);
    },
    searchKills: () => searchKills,
    published() {
      c.publishes++;
      publishesHere++;
    },
    publishesHere: () => publishesHere,
    rssMB: () => mb(rssOf(server!.child.pid!)),
  };
}
