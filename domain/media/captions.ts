// A captions file is checked before it is taken: UTF-8 WebVTT that the WebVTT parser reads without one
// error (a browser drops what it cannot parse, silently), with at least one cue, and no cue after the end
// of its video. A refusal names the line, so the editor can find the mistake in the file.
import webvtt from "webvtt-parser";
import { UPLOAD_LIMITS } from "../../shared/limits.ts";
import { checkSize, UploadError } from "./upload-error.ts";

/** A cue may end a little after the video does (a rounding in the editor's tool), not more. */
const SLACK_SECONDS = 1;

export function checkCaptions(bytes: Uint8Array, videoSeconds: number): { cues: number } {
  checkSize(bytes, UPLOAD_LIMITS.captionBytes, "captions-empty");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new UploadError("captions-encoding");
  }
  const { cues, errors } = new webvtt.WebVTTParser().parse(text, "metadata");
  if (errors.length) throw new UploadError("captions-invalid", { line: errors[0].line });
  if (cues.length === 0) throw new UploadError("captions-empty");
  const late = cues.find((c) => c.endTime > videoSeconds + SLACK_SECONDS);
  if (late) throw new UploadError("captions-too-long", { at: late.endTime.toFixed(1), seconds: videoSeconds.toFixed(1) });
  return { cues: cues.length };
}
