// The app on one engine with its media library in a store of one kind (a folder, or a bucket on a local
// S3-compatible server), made before a describe block's tests and closed after them.
import { afterAll, beforeAll } from "vitest";
import type { Engine } from "../../db/engine.ts";
import type { MediaStore } from "../../domain/media/store.ts";
import { storeUnderTest } from "../fixtures/uploads.ts";
import { testApp } from "./test-app.ts";

/** The two set-ups the library is tested on: SQLite with a folder, PostgreSQL with a bucket (as instances share). */
export const LIBRARY_SETUPS = [
  ["sqlite", "disk"],
  ["postgres", "s3"],
] as const;

export function useLibraryApp(engine: Engine, kind: "disk" | "s3") {
  let app: Awaited<ReturnType<typeof testApp>>;
  let store: MediaStore;
  let keys: () => string[];
  let close = async () => {};
  beforeAll(async () => {
    ({ store, keys, close } = await storeUnderTest(kind));
    app = await testApp(engine, { mediaStore: store });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await close();
  });
  return {
    app: () => app,
    store: () => store,
    /** Every file the store holds. */
    keys: () => keys(),
  };
}
