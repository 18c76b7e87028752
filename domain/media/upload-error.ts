// Why an upload was refused, in a module of its own: the pages import it without the image libraries.
import { Refusal, refusalTest } from "../refusal.ts";

type UploadCode =
  | "empty"
  | "too-large"
  | "not-allowed"
  | "unreadable"
  | "too-many-pixels"
  | "not-video"
  | "video-unreadable"
  | "captions-empty"
  | "captions-encoding"
  | "captions-invalid"
  | "captions-too-long";
/** A refused upload: the code says why in the editor's language (workspace texts `media.refused.*`). */
export class UploadError extends Refusal<UploadCode> {
  readonly values: Record<string, string | number>;
  constructor(code: UploadCode, values: Record<string, string | number> = {}) {
    super("UploadError", code);
    this.values = values;
  }
}
export const isUploadError = refusalTest<UploadError>("UploadError");

/** Refuses an empty upload (`empty` says with which code) and one over `limit` bytes, before it is read further. */
export function checkSize(bytes: Uint8Array, limit: number, empty: "empty" | "captions-empty" = "empty"): void {
  if (bytes.length === 0) throw new UploadError(empty);
  if (bytes.length > limit) throw new UploadError("too-large", { mb: limit / 1024 / 1024 });
}
