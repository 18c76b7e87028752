// One external link asked whether it still answers: a HEAD request (a GET when the server refuses HEAD),
// redirects followed one by one, the body never read. The address every hop connects to is the one checked:
// a name that resolves to a private address (loopback, RFC 1918, link-local, unique-local…) is refused at
// resolution, and an address written in the link is refused before any connection, so content cannot make
// the server reach into the ministry's own network. Only http and https links are asked; a file: link, or any
// other scheme, is refused.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

export type Outcome = "ok" | "redirected" | "broken" | "timeout" | "unreachable" | "refused" | "robots";
export type Probe = { outcome: Outcome; status: number | null; finalUrl: string | null; redirects: number };
export type ProbeOptions = {
  timeoutMs: number;
  userAgent: string;
  /** Only the checker's own test, whose server listens on the loopback address, sets these two. */
  allowPrivate?: boolean;
  /** Where names resolve (the test's name for its server); the system's resolver, public addresses only, otherwise. */
  lookup?: LookupFunction;
};

/** Hops followed at most; a longer chain is reported broken. */
export const MAX_REDIRECTS = 5;
/** What a robots.txt may weigh; the rest is not read. */
const MAX_ROBOTS_BYTES = 64 * 1024;

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  PRIVATE.addSubnet(net, prefix, "ipv6");

/** Whether an address is one the checker must never connect to (an IPv4 address mapped into IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
}

class RefusedAddress extends Error {}

/** Name resolution that refuses a name with any private address among its answers. */
const publicLookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  dnsLookup(hostname, { all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused || !addresses.length) return callback(new RefusedAddress(`${hostname} resolves to ${refused?.address ?? "nothing"}`));
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}) as unknown as LookupFunction;

type Answer = { status: number; location?: string; body?: string };

/** One request; its body is read only when `bodyBytes` is asked (robots.txt), and never past it. */
function ask(url: URL, method: "HEAD" | "GET", o: ProbeOptions, signal: AbortSignal, bodyBytes = 0): Promise<Answer> {
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        signal,
        agent: false,
        lookup: o.lookup ?? (o.allowPrivate ? undefined : publicLookup),
        headers: { "user-agent": o.userAgent, accept: "*/*" },
      },
      (res) => {
        const answer: Answer = { status: res.statusCode ?? 0, location: res.headers.location };
        if (!bodyBytes) {
          res.destroy();
          return resolve(answer);
        }
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
          if (body.length >= bodyBytes) res.destroy();
        });
        res.on("close", () => resolve({ ...answer, body: body.slice(0, bodyBytes) }));
        res.on("error", () => resolve({ ...answer, body: body.slice(0, bodyBytes) }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Why a link cannot be asked at all, before any request: its scheme, or a private address written in it. */
function refusedBefore(url: URL, o: ProbeOptions): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:") return true;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return !o.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host);
}

function failure(error: unknown, signal: AbortSignal): Outcome {
  if (signal.aborted) return "timeout";
  if (error instanceof RefusedAddress) return "refused";
  return "unreachable";
}

/** Asks a link, following its redirects, within `timeoutMs` in all. */
export async function probe(link: string, o: ProbeOptions): Promise<Probe> {
  const signal = AbortSignal.timeout(o.timeoutMs);
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { outcome: "broken", status: null, finalUrl: null, redirects: 0 };
  }
  for (let redirects = 0; ; redirects++) {
    if (refusedBefore(url, o)) return { outcome: "refused", status: null, finalUrl: redirects ? url.href : null, redirects };
    let answer: Answer;
    try {
      answer = await ask(url, "HEAD", o, signal);
      // Some servers answer HEAD with "not allowed" or "not implemented" though the page is there.
      if (answer.status === 405 || answer.status === 501) answer = await ask(url, "GET", o, signal);
    } catch (error) {
      return { outcome: failure(error, signal), status: null, finalUrl: redirects ? url.href : null, redirects };
    }
    const { status, location } = answer;
    if (status >= 300 && status < 400 && location) {
      if (redirects === MAX_REDIRECTS) return { outcome: "broken", status, finalUrl: url.href, redirects };
      url = new URL(location, url);
      continue;
    }
    if (status >= 200 && status < 300)
      return redirects
        ? { outcome: "redirected", status, finalUrl: url.href, redirects }
        : { outcome: "ok", status, finalUrl: null, redirects };
    return { outcome: "broken", status, finalUrl: redirects ? url.href : null, redirects };
  }
}

/** A host's robots.txt, as text: empty (everything allowed) when it has none or cannot be read. */
export async function robotsText(origin: string, o: ProbeOptions): Promise<string> {
  const url = new URL("/robots.txt", origin);
  if (refusedBefore(url, o)) return "";
  try {
    const answer = await ask(url, "GET", o, AbortSignal.timeout(o.timeoutMs), MAX_ROBOTS_BYTES);
    return answer.status >= 200 && answer.status < 300 ? (answer.body ?? "") : "";
  } catch {
    return "";
  }
}
