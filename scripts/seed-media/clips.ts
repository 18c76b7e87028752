// The seed videos: each of a clip's three illustrations is rendered large with sharp, then ffmpeg pans and
// zooms slowly over it and crossfades to the next; its captions are written as WebVTT in every language.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { illustrate, randomFrom } from "../../domain/media/illustrate.ts";
import { LANGUAGE_CODES, type LanguageCode } from "../../shared/languages.ts";
import type { Clip } from "./texts.ts";

export const STATIC = join(import.meta.dirname, "..", "..", "content", "media", "static");
export const URL_PREFIX = "/media/static";

// zoompan works on a 4x picture, so the motion is smooth.
export const VIDEO = { width: 960, height: 600, fps: 24, segment: 4.5, fade: 0.75 };
const RENDER = { width: 3840, height: 2400 }; // 4x the video, 2.4x the 1600x1000 illustration
const CLIP_SECONDS = VIDEO.segment * 3 - VIDEO.fade * 2; // 12 s

interface KenBurns {
  z0: number;
  z1: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}
function kenBurns(key: string, index: number): KenBurns {
  const r = randomFrom(`ken-burns:${key}:${index}`);
  const zoomIn = (index + (r() > 0.5 ? 1 : 0)) % 2 === 0;
  const near = 1.04 + r() * 0.03,
    far = near + 0.1 + r() * 0.06;
  const x0 = 0.2 + r() * 0.6,
    x1 = Math.min(0.9, Math.max(0.1, x0 + (r() > 0.5 ? 1 : -1) * (0.15 + r() * 0.2)));
  const y0 = 0.3 + r() * 0.4,
    y1 = 0.3 + r() * 0.4;
  return { z0: zoomIn ? near : far, z1: zoomIn ? far : near, x0, x1, y0, y1 };
}
const n4 = (v: number) => v.toFixed(4);

// The poster is the clip's first frame, cut from the same big picture.
async function writePoster(png: string, k: KenBurns, file: string) {
  const w = RENDER.width / k.z0,
    h = RENDER.height / k.z0;
  await sharp(png)
    .extract({
      left: Math.round((RENDER.width - w) * k.x0),
      top: Math.round((RENDER.height - h) * k.y0),
      width: Math.round(w),
      height: Math.round(h),
    })
    .resize(VIDEO.width, VIDEO.height)
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(join(STATIC, "videos", `${file}.jpg`));
}

/** Encodes the filter graph over the pictures as VP9 WebM, bit-exact so the same drawing gives the same file. */
function encodeWebm(inputs: string[], filter: string, out: string) {
  execFileSync(
    "ffmpeg",
    [
      "-y",
      "-hide_banner",
      "-loglevel",
      "error",
      ...inputs,
      "-filter_complex",
      filter,
      "-map",
      "[v]",
      "-an",
      "-c:v",
      "libvpx-vp9",
      "-pix_fmt",
      "yuv420p",
      "-b:v",
      "0",
      "-crf",
      "32",
      "-deadline",
      "good",
      "-cpu-used",
      "2",
      "-row-mt",
      "1",
      "-g",
      String(VIDEO.fps * 4),
      "-t",
      String(CLIP_SECONDS),
      "-map_metadata",
      "-1",
      "-fflags",
      "+bitexact",
      "-flags:v",
      "+bitexact",
      out,
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
}

export async function makeClip(clip: Clip, work: string): Promise<{ bytes: number; seconds: number }> {
  const frames = Math.round(VIDEO.segment * VIDEO.fps);
  const inputs: string[] = [];
  const chains: string[] = [];
  for (const [i, { motif, key }] of clip.frames.entries()) {
    const png = join(work, `${clip.file}-${i}.png`);
    await sharp(Buffer.from(illustrate(motif, key)), { density: (72 * RENDER.width) / 1600 })
      .resize(RENDER.width, RENDER.height)
      .png({ compressionLevel: 1 })
      .toFile(png);
    inputs.push("-loop", "1", "-framerate", String(VIDEO.fps), "-t", String(VIDEO.segment), "-i", png);
    const k = kenBurns(clip.file, i);
    const t = `(on/${frames - 1})`;
    chains.push(
      `[${i}:v]zoompan=z='${n4(k.z0)}+(${n4(k.z1 - k.z0)})*${t}':x='(iw-iw/zoom)*(${n4(k.x0)}+(${n4(k.x1 - k.x0)})*${t})':y='(ih-ih/zoom)*(${n4(k.y0)}+(${n4(k.y1 - k.y0)})*${t})':d=1:s=${VIDEO.width}x${VIDEO.height}:fps=${VIDEO.fps},setsar=1,format=yuv420p[v${i}]`,
    );
    if (i === 0) await writePoster(png, k, clip.file);
  }
  const step = VIDEO.segment - VIDEO.fade;
  chains.push(`[v0][v1]xfade=transition=fade:duration=${VIDEO.fade}:offset=${step}[x1]`);
  chains.push(`[x1][v2]xfade=transition=fade:duration=${VIDEO.fade}:offset=${2 * step},fade=t=out:st=${CLIP_SECONDS - 0.6}:d=0.6[v]`);
  const out = join(STATIC, "videos", `${clip.file}.webm`);
  encodeWebm(inputs, chains.join(";"), out);
  const probe = execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration,size", "-of", "json", out], { encoding: "utf8" });
  const format = JSON.parse(probe).format as { duration: string; size: string };
  return { bytes: Number(format.size), seconds: Number(format.duration) };
}

function vttTime(s: number) {
  const ms = Math.round(s * 1000);
  const hh = Math.floor(ms / 3_600_000),
    mm = Math.floor((ms / 60_000) % 60),
    ss = Math.floor((ms / 1000) % 60);
  return `${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}:${String(ss).padStart(2, "0")}.${String(ms % 1000).padStart(3, "0")}`;
}
export function writeCaptions(clip: Clip): Record<LanguageCode, string> {
  const each = CLIP_SECONDS / clip.cues.length;
  const urls = {} as Record<LanguageCode, string>;
  for (const lang of LANGUAGE_CODES) {
    const body = clip.cues.map((cue, i) => `${i + 1}\n${vttTime(i * each)} --> ${vttTime((i + 1) * each)}\n${cue[lang]}\n`).join("\n");
    writeFileSync(join(STATIC, "captions", `${clip.file}.${lang}.vtt`), `WEBVTT\n\n${body}`);
    urls[lang] = `${URL_PREFIX}/captions/${clip.file}.${lang}.vtt`;
  }
  return urls;
}
