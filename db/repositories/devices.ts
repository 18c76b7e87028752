// Counts of app installs per platform and version: the only trace /device/store keeps (no token, no IP).
import type { Db } from "../engine.ts";

export function deviceRepository(db: Db) {
  return {
    async count(platform: string, appVersion: string) {
      await db
        .insertInto("device_counts")
        .values({ platform, app_version: appVersion, count: 1 })
        .onConflict((oc) => oc.columns(["platform", "app_version"]).doUpdateSet((eb) => ({ count: eb("device_counts.count", "+", 1) })))
        .execute();
    },
    all: () => db.selectFrom("device_counts").selectAll().orderBy("platform").orderBy("app_version").execute(),
  };
}
export type DeviceRepository = ReturnType<typeof deviceRepository>;
