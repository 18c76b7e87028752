// Why an upload was refused, in a module of its own: the pages import it without the image libraries.
export type UploadCode = "empty" | "too-large" | "not-allowed" | "unreadable" | "too-many-pixels";
/** A refused upload: the code says why in the editor's language (workspace texts `media.refused.*`). */
export class UploadError extends Error {
  readonly code: UploadCode;
  readonly values: Record<string, string | number>;
  constructor(code: UploadCode, values: Record<string, string | number> = {}) {
    super(`upload refused: ${code}`);
    this.name = "UploadError";
    this.code = code;
    this.values = values;
  }
}

/** Told by its name: the pages' build has its own copy of this module, so `instanceof` cannot tell it. */
export function isUploadError(error: unknown): error is UploadError {
  return error instanceof Error && error.name === "UploadError";
}
