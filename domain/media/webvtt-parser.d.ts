// Types for webvtt-parser 2.2.0, which ships none: the part the captions check uses (captions.ts). It is a
// CommonJS module whose exports Node cannot name statically, so it is imported whole.
declare module "webvtt-parser" {
  type WebVTTCue = { startTime: number; endTime: number; text: string };
  type WebVTTError = { message: string; line: number; col?: number };
  class WebVTTParser {
    parse(input: string, mode?: "metadata" | "chapters"): { cues: WebVTTCue[]; errors: WebVTTError[] };
  }
  const webvtt: { WebVTTParser: typeof WebVTTParser };
  export default webvtt;
}
