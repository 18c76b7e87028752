// The published content's version is read by nearly every request: the API's answer cache asks at each one (so
// that an app never gets an answer older than the content), and so do the language list and the search index
// inside the same request. On PostgreSQL each read is a round trip. Two rules keep them few, and neither ever
// gives a caller a version read before it asked:
// - One request reads it once. The API runs each handler `within` the version it read for its cache key, and
//   every read inside (the languages, the search index) gets that version: one answer is made from one version
//   (a search read it three times, and could mix two versions when a publish fell between the reads).
// - Reads asked while one is under way share the next one, which starts once that one ends. A caller waits at
//   most two round trips, and fifty requests at once cost two reads, not fifty.
import { AsyncLocalStorage } from "node:async_hooks";

export type VersionReads = {
  /** The content version: the request's own, within `within`; else a read started after this call. */
  version(): Promise<number>;
  /** Runs `work` with every `version()` inside it (its awaits included) answered by `version`. */
  within<T>(version: number, work: () => Promise<T>): Promise<T>;
};

export function versionReads(read: () => Promise<number>): VersionReads {
  const request = new AsyncLocalStorage<number>();
  let running: Promise<number> | undefined;
  let next: Promise<number> | undefined;

  function fresh(): Promise<number> {
    if (!running) {
      const mine = read().finally(() => {
        if (running === mine) running = undefined;
      });
      running = mine;
      return mine;
    }
    // The read under way may have started before this call: wait for it, then share the one after it.
    next ??= running
      .then(
        () => {},
        () => {},
      )
      .then(() => {
        next = undefined;
        return fresh();
      });
    return next;
  }

  return {
    version() {
      const own = request.getStore();
      return own === undefined ? fresh() : Promise.resolve(own);
    },
    within: (version, work) => request.run(version, work),
  };
}
