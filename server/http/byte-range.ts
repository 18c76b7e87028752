// The one byte range a media player asks for ("bytes=0-", "bytes=1000-1999", "bytes=-500"), as RFC 9110
// says it. Several ranges in one request are answered with the whole file, as the RFC allows.
import type { ByteRange } from "../../domain/media/store.ts";

/** The range asked for; "unsatisfiable" when it starts past the end; undefined when the whole file is wanted. */
export function byteRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  if (match[1] === "") {
    const last = Math.min(Number(match[2]), size);
    return last === 0 ? "unsatisfiable" : { start: size - last, end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
