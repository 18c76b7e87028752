// What the media library's upload routes (admin/media/upload, admin/media/captions) share: reading a file
// field, and answering JSON to the page's script (which shows progress) or a redirect to a plain form post.
import { redirect } from "react-router";
import { isEditingError } from "../../domain/content/editing";
import { isUploadError } from "../../domain/media/upload-error";
import { editingStatus } from "./content.server";

/** A file field's bytes, or why there are none ("no-file", "empty"). */
export async function uploadedBytes(form: FormData, name: string): Promise<Uint8Array | "no-file" | "empty"> {
  const file = form.get(name);
  if (!(file instanceof File)) return "no-file";
  if (file.size === 0) return file.name ? "empty" : "no-file";
  return new Uint8Array(await file.arrayBuffer());
}

/** A refusal of the bytes themselves: too large, or not a kind the library takes. */
const UPLOAD_STATUS: Record<string, number> = { "too-large": 413, "not-allowed": 415, "not-video": 415 };

type Answer = { location?: string; code?: string; values?: Record<string, string | number>; problems?: unknown[] };

/** Answers an upload: JSON when the page's script asked for it, else a redirect (to `back` when refused). */
export function uploadAnswer(request: Request, back: string) {
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const send = (status: number, body: Answer) => {
    if (wantsJson) return Response.json(body, { status });
    if (body.location) return redirect(body.location, 303);
    const url = new URL(back, "http://x");
    url.searchParams.set("refused", body.code ?? "invalid");
    for (const [key, value] of Object.entries(body.values ?? {})) url.searchParams.set(key, String(value));
    return redirect(`${url.pathname}${url.search}`, 303);
  };
  return {
    refused: send,
    /** Runs the upload; its answer is where to go next, or the refusal it met, said by its code. */
    async outcome(work: () => Promise<string>) {
      try {
        return send(201, { location: await work() });
      } catch (error) {
        if (isUploadError(error)) return send(UPLOAD_STATUS[error.code] ?? 422, { code: error.code, values: error.values });
        if (isEditingError(error)) return send(editingStatus(error.code), { code: error.code, problems: error.problems });
        throw error;
      }
    },
  };
}
