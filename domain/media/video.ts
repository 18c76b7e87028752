// What an uploaded video is, read from its bytes: a WebM or an MP4 (never by its name), whole (its container
// ends where the file does, so an upload cut off part-way is refused), with a video track whose size and
// length can be read. Videos are kept as uploaded, not re-encoded: that would need ffmpeg on every server
// (docs/decisions/017). WebM is read by music-metadata, MP4 by mp4box.
import { fileTypeFromBuffer } from "file-type";
import { createFile, MP4BoxBuffer } from "mp4box";
import { parseBuffer } from "music-metadata";
import { UPLOAD_LIMITS } from "../../shared/limits.ts";
import { checkSize, UploadError } from "./upload-error.ts";

export type VideoFacts = { ext: "webm" | "mp4"; width: number; height: number; seconds: number };

export async function inspectVideo(bytes: Uint8Array): Promise<VideoFacts> {
  checkSize(bytes, UPLOAD_LIMITS.videoBytes);
  const type = await fileTypeFromBuffer(bytes);
  // file-type names a WebM "webm" and an MP4 "mp4" (or "m4v", the same container).
  const ext = type?.ext === "webm" ? "webm" : type?.ext === "mp4" || type?.ext === "m4v" ? "mp4" : undefined;
  if (!ext) throw new UploadError("not-video", { type: type?.mime ?? "unknown" });
  const facts = ext === "webm" ? await webm(bytes) : mp4(bytes);
  if (!facts || !(facts.width > 0 && facts.height > 0 && facts.seconds > 0)) throw new UploadError("video-unreadable");
  return { ext, ...facts };
}

type Size = { width: number; height: number; seconds: number };

async function webm(bytes: Uint8Array): Promise<Size | undefined> {
  if (!ebmlComplete(bytes)) return undefined;
  const meta = await parseBuffer(bytes, { mimeType: "video/webm" }, { duration: true }).catch(() => undefined);
  const video = meta?.format.trackInfo.find((t) => t.video)?.video;
  if (!video?.pixelWidth || !video.pixelHeight || !meta?.format.duration) return undefined;
  return { width: video.pixelWidth, height: video.pixelHeight, seconds: meta.format.duration };
}

function mp4(bytes: Uint8Array): Size | undefined {
  const file = createFile();
  let ready: { duration: number; timescale: number; videoTracks: Array<{ video?: { width: number; height: number } }> } | undefined;
  file.onReady = (info) => {
    ready = info;
  };
  try {
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), 0));
    file.flush();
  } catch {
    return undefined;
  }
  // Top-level boxes follow one another to the last byte; a cut-off file's last box claims more than is there.
  const last = file.boxes.at(-1);
  const start = last?.start ?? Number.NaN;
  if (!last || start + (last.size || bytes.length - start) !== bytes.length) return undefined;
  const track = ready?.videoTracks[0]?.video;
  if (!ready || !track || !ready.timescale) return undefined;
  return { width: track.width, height: track.height, seconds: ready.duration / ready.timescale };
}

/**
 * Whether a WebM's EBML header and Segment end where the file ends. A Segment of "unknown" size (a live
 * recording) is taken as it is: its end cannot be known from its header.
 */
function ebmlComplete(bytes: Uint8Array): boolean {
  let at = 0;
  const element = () => {
    const id = vint(bytes, at, false);
    if (!id) return undefined;
    const size = vint(bytes, at + id.length, true);
    if (!size) return undefined;
    const start = at + id.length + size.length;
    return { id: id.value, start, size: size.value };
  };
  const header = element();
  if (header?.id !== 0x1a45dfa3 || header.size === undefined) return false;
  at = header.start + header.size;
  const segment = element();
  if (segment?.id !== 0x18538067) return false;
  return segment.size === undefined || segment.start + segment.size === bytes.length;
}

/** An EBML variable-length integer: an element's id (marker kept) or size (marker dropped; all ones is unknown). */
function vint(bytes: Uint8Array, at: number, isSize: boolean): { length: number; value: number | undefined } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return undefined;
  let value = isSize ? first & (0xff >> length) : first;
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i];
    allOnes &&= bytes[at + i] === 0xff;
  }
  return { length, value: isSize && allOnes ? undefined : value };
}
