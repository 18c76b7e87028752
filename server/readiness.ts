// Whether this instance should be sent traffic (GET /readyz): not while it migrates the database, loads the
// first content or builds its search index, and not while its database cannot be reached. The database is asked at most once a second,
// however often a load balancer checks, and never waits longer than a second for the answer.
type Stage = "starting" | "migrating" | "loading-content" | "indexing" | "ready";

const PING_EVERY_MS = 1000;
const PING_TIMEOUT_MS = 1000;

export function readiness(ping: () => Promise<unknown>, { stage: initial = "ready" as Stage, now = () => Date.now() } = {}) {
  let stage: Stage = initial;
  let last: { at: number; reachable: Promise<boolean> } | undefined;
  const reachable = () =>
    Promise.race([
      ping().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((done) => setTimeout(() => done(false), PING_TIMEOUT_MS).unref()),
    ]);
  return {
    set(next: Stage) {
      stage = next;
    },
    /** Ready, or why not: the stage it is still in, or "database" when the database does not answer. */
    async check(): Promise<{ ready: true } | { ready: false; reason: Exclude<Stage, "ready"> | "database" }> {
      if (stage !== "ready") return { ready: false, reason: stage };
      if (!last || now() - last.at >= PING_EVERY_MS) last = { at: now(), reachable: reachable() };
      return (await last.reachable) ? { ready: true } : { ready: false, reason: "database" };
    },
  };
}
export type Readiness = ReturnType<typeof readiness>;
