// What the loader stores as a picture's caption and alt text: the illustration's own description for a
// drawing, and the content's caption only once a photograph replaces the drawing.
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase } from "../../tests/setup/test-app.ts";
import { buildTestContent } from "../../tests/fixtures/factories.ts";
import { migrate } from "../../db/migrate.ts";
import { contentRepository } from "../../db/repositories/content.ts";
import { contentService } from "./service.ts";
import type { ContentImage } from "./load.ts";
import { loadContent } from "./loading.ts";

describe("picture texts after a content load", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it("describes drawings as illustrations and photographs by their caption", async () => {
    const db = await freshDatabase("sqlite");
    close = db.close;
    await migrate(db);
    // The second picture of the Umayyad Mosque is a photograph; everything else is drawn.
    const image = async ({ key }: { key: string }): Promise<ContentImage> => ({
      src: `/media/${key}.webp`,
      width: 960,
      height: 600,
      placeholder: "#ccc",
      variants: [],
      photograph: key === "umayyad-mosque-2",
    });
    await loadContent(db, buildTestContent(), { image, manifest: {} });
    const content = contentService(contentRepository(db.db));
    const mosque = (await content.places("en", {})).items.find((p) => p.slug === "umayyad-mosque")!;
    const texts = async (language: string) => (await content.placeMedia(language, [mosque.id])).get(mosque.id)!.images.map((m) => m.title);

    const [drawn, photo] = await texts("en");
    expect(drawn).toBe(
      `Illustration, not a photograph. Umayyad Mosque: broken stone columns of different heights and fallen blocks, ${drawn.split("blocks, ")[1]}`,
    );
    expect(drawn).not.toContain("View 1");
    expect(photo).toBe("View 2");
    const [drawnAr] = await texts("ar");
    expect(drawnAr).toMatch(/^رسم توضيحي وليس صورة فوتوغرافية\. الجامع الأموي: /);
    const [drawnZh] = await texts("zh");
    expect(drawnZh).toMatch(/^插画，非实景照片。倭马亚清真寺：/);
    // Cities, categories and the home gallery are drawn too, and say so.
    const cover = (await content.covers("fr", "city", [mosque.city_id])).get(mosque.city_id)!;
    expect(cover.title).toMatch(/^Illustration, et non photographie\. Damas : /);
  });
});
