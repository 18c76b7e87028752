// Whether a new password is too easy to guess (OWASP ASVS 2.1.7): zxcvbn-ts estimates the guesses an attacker
// needs, from its bundled lists of common and breached passwords, English words, names, keyboard patterns,
// repeats and dates, and from the account's own details. Decision 022 says why this library and this bar.
// Its dictionaries are a few megabytes: they are loaded on the first password set, never by the public site.
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/** zxcvbn's score 3: "safely unguessable", about 10^8 guesses or more. */
const LEAST_SCORE = 3;

type PasswordWeakness = "common" | "personal" | "guessable";

let factory: Promise<ZxcvbnFactory> | undefined;
async function estimator(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
  })();
  return factory;
}

/**
 * What a password must not be made of: the e-mail, the part before its @ and each word of it, and each word of
 * the name (the domain is left out: "org" or "gov" is in many a good phrase).
 */
function personalWords({ email, name }: { email: string; name: string }): string[] {
  const local = email.split("@")[0];
  const words = [email, local, ...local.split(/[._+-]+/), name, ...name.split(/\s+/)];
  return [...new Set(words.map((w) => w.trim().toLowerCase()).filter((w) => w.length >= 3))];
}

/** Why `password` is too weak for this account, or undefined when it is strong enough. */
export async function passwordWeakness(password: string, account: { email: string; name: string }): Promise<PasswordWeakness | undefined> {
  const personal = personalWords(account);
  const lower = password.toLowerCase();
  if (personal.some((word) => lower.includes(word))) return "personal";
  const result = (await estimator()).check(password, personal);
  if (result.score >= LEAST_SCORE) return undefined;
  const fromAList = result.sequence.some((m) => m.pattern === "dictionary" && m.dictionaryName === "passwords-common");
  return fromAList ? "common" : "guessable";
}
