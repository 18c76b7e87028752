// Which time step an authenticator code belongs to. better-auth accepts a code of the current 30-second step
// or of one step either side (a phone's clock drifts), but does not remember which codes it accepted; the
// workspace service records the step, so a code is used once (OWASP ASVS 2.8.4).
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";

const PERIOD_SECONDS = 30;
const DIGITS = 6;

/** The authenticator secret better-auth keeps encrypted with the workspace's secret. */
export function decryptedSecret(key: Parameters<typeof symmetricDecrypt>[0]["key"], encrypted: string): Promise<string> {
  return symmetricDecrypt({ key, data: encrypted });
}

/** The step of `code` among those better-auth accepts at `at` (milliseconds), or undefined when none. */
export async function stepOfCode(secret: string, code: string, at: number): Promise<number | undefined> {
  const otp = createOTP(secret, { period: PERIOD_SECONDS, digits: DIGITS });
  const current = Math.floor(at / 1000 / PERIOD_SECONDS);
  for (const step of [current - 1, current, current + 1]) if ((await otp.hotp(step)) === code) return step;
  return undefined;
}
