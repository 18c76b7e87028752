// POST /admin/media/upload: a photograph into the media library (app/routes/admin/media.tsx posts here). The
// page's script sends it with progress and reads the JSON answer; without a script the form posts itself
// and is sent back to the library with the outcome in the address. Nothing is kept of a refused upload.
import { redirect } from "react-router";
import type { Route } from "./+types/media-upload";
import { appContext } from "../../request-context";
import { editingStatus, editorOf } from "../../lib/content.server";
import { bodyFromForm } from "../../lib/content-form.server";
import { postedForm } from "../../lib/form";
import { isEditingError } from "../../../domain/content/editing";
import { isUploadError } from "../../../domain/media/upload-error";

/** The library itself is where a GET of this address belongs. */
export function loader() {
  return redirect("/admin/media", 303);
}

/** An upload refused for its bytes: too large, not an image we take, or anything else wrong with it. */
const UPLOAD_STATUS: Record<string, number> = { "too-large": 413, "not-allowed": 415 };

export async function action({ context, request }: Route.ActionArgs) {
  const { editor } = editorOf(context);
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const answer = (
    status: number,
    body: { location?: string; code?: string; values?: Record<string, string | number>; problems?: unknown[] },
  ) =>
    wantsJson
      ? Response.json(body, { status })
      : redirect(body.location ?? `/admin/media?${new URLSearchParams({ refused: body.code ?? "invalid", ...body.values })}`, 303);
  const form = await postedForm(request);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return answer(400, { code: file instanceof File ? "empty" : "no-file" });
  const { file: _none, ...details } = bodyFromForm("picture", form);
  try {
    const slug = await context.get(appContext).domain.pictures.upload(editor, new Uint8Array(await file.arrayBuffer()), details);
    return answer(201, { location: `/admin/content/picture/${slug}?done=created` });
  } catch (error) {
    if (isUploadError(error)) return answer(UPLOAD_STATUS[error.code] ?? 422, { code: error.code, values: error.values });
    if (isEditingError(error)) return answer(editingStatus(error.code), { code: error.code, problems: error.problems });
    throw error;
  }
}
