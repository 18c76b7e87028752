// POST /admin/media/captions: a video's captions in one language (app/routes/admin/content-item.tsx posts
// here from the video's page). Checked before it is kept; translators may add their own languages'. Answers
// JSON to a script, else sends the editor back to the video with the outcome in the address.
import { redirect } from "react-router";
import type { Route } from "./+types/media-captions";
import { appContext } from "../../request-context";
import { editorOf } from "../../lib/content.server";
import { formText, postedForm } from "../../lib/form";
import { uploadAnswer, uploadedBytes } from "../../lib/upload.server";

/** The library is where a GET of this address belongs. */
export function loader() {
  return redirect("/admin/media", 303);
}

export async function action({ context, request }: Route.ActionArgs) {
  const { editor } = editorOf(context);
  const form = await postedForm(request);
  const slug = formText(form, "video");
  const page = `/admin/content/video/${encodeURIComponent(slug)}`;
  const answer = uploadAnswer(request, page);
  const bytes = await uploadedBytes(form, "file");
  if (typeof bytes === "string") return answer.refused(400, { code: bytes });
  return answer.outcome(async () => {
    const videos = context.get(appContext).domain.videos;
    await videos.addCaptions(editor, slug, formText(form, "language"), Number(formText(form, "revision")), bytes);
    return `${page}?done=captions`;
  });
}
