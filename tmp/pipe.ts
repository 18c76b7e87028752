import { processImage } from "../domain/media/pipeline.ts";
import { illustrate } from "../domain/media/illustrate.ts";
const t = performance.now();
const r = await processImage(Buffer.from(illustrate("mosque", "a")), "test-mosque", { outDir: "/tmp/media", urlPrefix: "/media" });
console.log(r, performance.now() - t);
const t2 = performance.now();
await processImage(Buffer.from(illustrate("mosque", "a")), "test-mosque", { outDir: "/tmp/media", urlPrefix: "/media" });
console.log(performance.now() - t2);
