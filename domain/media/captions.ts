// A captions file is checked before it is taken: UTF-8 WebVTT that the WebVTT parser reads without one
// error (a browser drops what it cannot parse, silently), with at least one cue, and no cue after the end
// of its video. A refusal names the line, so the editor can find the mistake in the file. What is kept has
// only the cue markup WebVTT allows: other clients may render cue text as HTML.
import webvtt from "webvtt-parser";
import { UPLOAD_LIMITS } from "../../shared/limits.ts";
import { checkSize, UploadError } from "./upload-error.ts";

/** A cue may end a little after the video does (a rounding in the editor's tool), not more. */
const SLACK_SECONDS = 1;

/**
 * The cue markup WebVTT defines (its tags, and timestamps such as <00:00:02.000>), each in the one form it
 * has: a class list after a dot, and for <v> and <lang> an annotation of plain words. Anything else is a tag
 * a player that renders cue text as HTML would run, and is taken out, its text kept.
 */
const CUE_TAG = /<\/?[^>]*>/g;
const ALLOWED_TAG =
  /^<(?:\/(?:b|i|u|c|v|lang|ruby|rt)|(?:b|i|u|c|ruby|rt)(?:\.[\w-]+)*|v(?:\.[\w-]+)*(?: [\p{L}\p{N} .,'-]+)?|lang(?:\.[\w-]+)* [A-Za-z0-9-]+|\d{2,}:\d{2}:\d{2}\.\d{3}|\d{2}:\d{2}\.\d{3})>$/u;

/** A block the file may carry that no viewer sees: comments (NOTE) and styles (STYLE) are left out. */
const UNSEEN_BLOCK = /^(?:NOTE|STYLE)(?:[ \t\n]|$)/;

function cleanCueText(line: string): string {
  return line.replace(CUE_TAG, (tag) => (ALLOWED_TAG.test(tag) ? tag : ""));
}

/** The file with only what WebVTT allows a cue to show: its notes and styles left out, cue markup filtered. */
function cleaned(text: string): string {
  const blocks = text.replace(/\r\n?/g, "\n").split(/\n{2,}/);
  return blocks
    .filter((block) => !UNSEEN_BLOCK.test(block))
    .map((block) => {
      const lines = block.split("\n");
      const timing = lines.findIndex((l) => l.includes("-->"));
      return timing < 0 ? block : [...lines.slice(0, timing + 1), ...lines.slice(timing + 1).map(cleanCueText)].join("\n");
    })
    .join("\n\n");
}

/** Checks a captions file; answers the file to keep (its markup cleaned) and its number of cues. */
export function checkCaptions(bytes: Uint8Array, videoSeconds: number): { cues: number; bytes: Uint8Array } {
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
  const kept = cleaned(text);
  return { cues: cues.length, bytes: kept === text ? bytes : new TextEncoder().encode(kept) };
}
