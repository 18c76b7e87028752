// The mobile app registers its device; the privacy promise allows us to keep only anonymous counts.
import type { DeviceRepository } from "../../db/repositories/devices.ts";

const PLATFORMS = ["android", "ios"] as const;

export function deviceService(repo: DeviceRepository) {
  return {
    async register({ platform, appVersion }: { platform?: string; appVersion?: string }) {
      const p = platform?.trim().toLowerCase() ?? "";
      // Anything else becomes "other", so free text from a client never becomes stored data.
      const known = (PLATFORMS as readonly string[]).includes(p) ? p : "other";
      const given = appVersion?.trim() ?? "";
      const version = /^\d{1,4}(\.\d{1,4}){0,3}$/.test(given) ? given : "unknown";
      await repo.count(known, version);
    },
  };
}
export type DeviceService = ReturnType<typeof deviceService>;
