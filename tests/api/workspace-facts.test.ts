// A traveller's facts are edited in the workspace like any field: the form's inputs become the document's
// status and practical facts (an empty input leaves its fact out), a half-filled status is refused with the
// field named, and once published the API's place answer carries them in the asked language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import { bodyFromForm } from "../../app/lib/content-form.server.ts";
import type { Editor } from "../../domain/content/editing.ts";

const editor: Editor = { id: "e1", email: "editor@example.org", role: "editor", languages: "" };
const SLUG = "straight-street";

/** The item's form as the workspace sends it, with `changes` typed into its inputs. */
function formOf(draft: Record<string, unknown>, changes: Record<string, string>): FormData {
  const form = new FormData();
  const put = (value: unknown, path: string) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      if (value.every((v) => typeof v === "string")) form.set(path, value.join("\n"));
      else for (const [i, v] of value.entries()) put(v, `${path}.${i}`);
    } else if (typeof value === "object") for (const [k, v] of Object.entries(value)) put(v, path ? `${path}.${k}` : k);
    else if (typeof value === "boolean") value && form.set(path, "on");
    else form.set(path, String(value));
  };
  put(draft, "");
  for (const [name, value] of Object.entries(changes)) form.set(name, value);
  return form;
}

describe.each(ENGINES)("a place's facts in the workspace on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
  });
  afterAll(() => t.close());

  it("saves the status and practical facts typed in, leaves the empty ones out, and publishes them to the API", async () => {
    const item = await t.domain.editing.item(editor, "site", SLUG);
    const form = formOf(item.draft as Record<string, unknown>, {
      "status.state": "partly-open",
      "status.verified": "2026-03-14",
      "status.source.name.en": "The Directorate-General of Antiquities and Museums' announcement",
      "status.source.name.ar": "إعلان المديرية العامة للآثار والمتاحف",
      "status.source.url": "https://dgam.example.org/news/straight-street",
      "status.note.en": "The eastern end is closed for repairs.",
      "status.note.ar": "الطرف الشرقي مغلق للترميم.",
      "practical.dress.en": "Shoulders and knees covered in the churches.",
      "practical.hours.en": "",
      "practical.travelMinutes": "",
      "practical.checked": "2026-03-20",
    });
    const body = bodyFromForm("site", form) as { status: unknown; practical: Record<string, unknown> };
    // Checked against a source, not seen on site: the unticked box is left out, not saved as false.
    expect(body.status).toEqual({
      state: "partly-open",
      verified: "2026-03-14",
      source: {
        name: { en: "The Directorate-General of Antiquities and Museums' announcement", ar: "إعلان المديرية العامة للآثار والمتاحف" },
        url: "https://dgam.example.org/news/straight-street",
      },
      note: { en: "The eastern end is closed for repairs.", ar: "الطرف الشرقي مغلق للترميم." },
    });
    expect(body.practical).toEqual({ dress: { en: "Shoulders and knees covered in the churches." }, checked: "2026-03-20" });
    const revision = await t.domain.editing.save(editor, "site", SLUG, item.revision, body);
    await t.domain.editing.publish(editor, "site", SLUG, revision);

    const id = (await t.database.db.selectFrom("places").select("id").where("slug", "=", SLUG).executeTakeFirstOrThrow()).id;
    const answer = (await (await t.app.request(`/back/api/user/place1/places/${id}?language=2`)).json()) as {
      data: Record<string, unknown>;
    };
    expect(answer.data).toMatchObject({
      governorate: "damascus",
      status: {
        state: "partly-open",
        verified: "2026-03-14",
        source: { name: "إعلان المديرية العامة للآثار والمتاحف", url: "https://dgam.example.org/news/straight-street" },
        seen: false,
        note: "الطرف الشرقي مغلق للترميم.",
      },
      // Arabic not written yet: the English text, as everywhere on the site.
      practical: { dress: "Shoulders and knees covered in the churches." },
      safety: null,
      in_danger_since: null,
      practical_checked: "2026-03-20",
      safety_checked: null,
    });
    expect(Object.keys(answer.data.practical as object)).toEqual(["dress"]);
  });

  it("keeps a status without its verification date as a draft, naming the field, and will not publish it", async () => {
    const item = await t.domain.editing.item(editor, "site", "umayyad-mosque");
    const body = bodyFromForm("site", formOf(item.draft as Record<string, unknown>, { "status.state": "open" }));
    const revision = await t.domain.editing.save(editor, "site", "umayyad-mosque", item.revision, body);
    expect((await t.domain.editing.item(editor, "site", "umayyad-mosque")).problems).toEqual([
      expect.objectContaining({ field: "status.verified", code: "required" }),
    ]);
    await expect(t.domain.editing.publish(editor, "site", "umayyad-mosque", revision)).rejects.toMatchObject({
      code: "unfinished",
      problems: [expect.objectContaining({ field: "status.verified" })],
    });
  });
});
