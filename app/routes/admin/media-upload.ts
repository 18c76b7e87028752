// POST /admin/media/upload: a photograph or a video (with its English captions, when given) into the media
// library; app/routes/admin/media.tsx posts here, `kind` saying which. The page's script sends it with
// progress and reads the JSON answer; without a script the form posts itself and is sent back to the library
// with the outcome in the address. Nothing is kept of a refused upload.
import { redirect } from "react-router";
import type { Route } from "./+types/media-upload";
import { appContext } from "../../request-context";
import { editorOf } from "../../lib/content.server";
import { bodyFromForm } from "../../lib/content-form.server";
import { postedForm } from "../../lib/form";
import { uploadAnswer, uploadedBytes } from "../../lib/upload.server";

/** The library itself is where a GET of this address belongs. */
export function loader() {
  return redirect("/admin/media", 303);
}

export async function action({ context, request }: Route.ActionArgs) {
  const { editor } = editorOf(context);
  const { domain } = context.get(appContext);
  const form = await postedForm(request);
  const kind = form.get("kind") === "video" ? "video" : "picture";
  const answer = uploadAnswer(request, `/admin/media?kind=${kind}`);
  const bytes = await uploadedBytes(form, "file");
  if (typeof bytes === "string") return answer.refused(400, { code: bytes });
  const { file: _file, ...details } = bodyFromForm(kind, form);
  return answer.outcome(async () => {
    if (kind === "picture") return `/admin/content/picture/${await domain.pictures.upload(editor, bytes, details)}?done=created`;
    const captions = await uploadedBytes(form, "captions");
    const english = typeof captions === "string" ? undefined : captions;
    return `/admin/content/video/${await domain.videos.upload(editor, bytes, details, english)}?done=created`;
  });
}
