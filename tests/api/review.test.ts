// The two-person rule (decision 031), on both engines, through the domain services the workspace's pages call.
// Turned on as the ministry would (the settings published with it), a change waits for a second person: its
// author cannot publish it or approve it; another editor sends it back with a comment or approves it, which
// publishes it; an admin may publish at once only with a reason. Every step is audited and every note kept.
// An outside reviewer's link opens one draft until it expires (48 hours, a fake clock) or is withdrawn.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import type { Editor } from "../../domain/content/editing.ts";
import { repositoryAccess } from "../../db/repositories/repositories.ts";
import { REVIEW_LINK_HOURS, reviewService } from "../../domain/content/review.ts";

const author: Editor = { id: "e1", email: "author@example.org", role: "editor", languages: "" };
const reviewer: Editor = { id: "e2", email: "reviewer@example.org", role: "editor", languages: "" };
const admin: Editor = { id: "a1", email: "admin@example.org", role: "admin", languages: "" };
const translator: Editor = { id: "t1", email: "translator@example.org", role: "translator", languages: "fr" };
const viewer: Editor = { id: "v1", email: "viewer@example.org", role: "viewer", languages: "" };
const PLACE = "straight-street";
const CLI = { id: null, email: "command line" };

describe.each(ENGINES)("review before publishing on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine);
    // The named reviewer is one of the workspace's accounts that may publish.
    await t.domain.workspace.invite(CLI, { email: reviewer.email, name: "Reviewer", role: "editor", languages: [] });
    // The ministry's choice, made in the workspace: the settings published with the rule on.
    const settings = await t.domain.editing.item(admin, "settings", "all");
    const revision = await t.domain.editing.save(admin, "settings", "all", settings.revision, {
      ...(settings.draft as object),
      reviewBeforePublish: true,
    });
    await t.domain.editing.publish(admin, "settings", "all", revision);
  });
  afterAll(() => t.close());

  const place = () => t.domain.editing.item(author, "site", PLACE);
  const publicSummary = async () => ((await place()).published as { summary: Record<string, string> }).summary.en;
  async function change(text: string): Promise<number> {
    const item = await place();
    const draft = item.draft as { summary: Record<string, string> };
    return t.domain.editing.save(author, "site", PLACE, item.revision, { ...draft, summary: { ...draft.summary, en: text } });
  }
  const actionsOn = async (n: number) =>
    (await t.domain.workspace.audit({ limit: n, offset: 0 })).filter((e) => e.target === `site/${PLACE}`).map((e) => e.action);

  it("keeps a change off the site until a second editor approves it, after sending it back once", async () => {
    const { editing, review } = t.domain;
    const before = await publicSummary();
    const first = await change("The Roman road through the old city, a souq along all of it.");
    // Its author can neither publish it nor approve it; a schedule is a publication too.
    await expect(editing.publish(author, "site", PLACE, first)).rejects.toMatchObject({ code: "review-needed" });
    await expect(editing.schedule(author, "site", PLACE, first, new Date(Date.now() + 3_600_000))).rejects.toMatchObject({
      code: "review-needed",
    });
    await review.submit(author, "site", PLACE, first, reviewer.email, "Please check the new summary.");
    await expect(editing.approve(author, "site", PLACE, first, "")).rejects.toMatchObject({ code: "own-change" });
    expect((await review.waiting(viewer)).items).toEqual([
      expect.objectContaining({ slug: PLACE, revision: first, by: author.email, for: reviewer.email }),
    ]);
    const listed = await editing.listPage(viewer, "site", { state: "review", page: 1 });
    expect(listed.items.map((i) => [i.slug, i.review?.for])).toEqual([[PLACE, reviewer.email]]);

    // Sent back: a comment is required, and the change no longer waits.
    await expect(review.sendBack(reviewer, "site", PLACE, first, "  ")).rejects.toMatchObject({
      code: "invalid",
      problems: [{ field: "reviewNote", code: "required" }],
    });
    await review.sendBack(reviewer, "site", PLACE, first, "Say which gate it starts from.");
    expect((await review.waiting(viewer)).total).toBe(0);
    await expect(editing.approve(reviewer, "site", PLACE, first, "")).rejects.toMatchObject({ code: "conflict" });
    expect(await publicSummary()).toBe(before);

    // Fixed, submitted again (for anyone), approved: public, with the notes kept in order.
    const fixed = await change("The Roman road from Bab Sharqi through the old city, a souq along all of it.");
    await review.submit(author, "site", PLACE, fixed, "", "");
    await review.comment(translator, "site", PLACE, "I will translate it once it is approved.");
    await editing.approve(reviewer, "site", PLACE, fixed, "Good.");
    expect(await publicSummary()).toContain("Bab Sharqi");
    expect((await review.waiting(viewer)).total).toBe(0);
    expect((await review.notes(viewer, "site", PLACE)).map((n) => [n.kind, n.author, n.body])).toEqual([
      ["submitted", author.email, "Please check the new summary."],
      ["returned", reviewer.email, "Say which gate it starts from."],
      ["submitted", author.email, ""],
      ["comment", translator.email, "I will translate it once it is approved."],
      ["approved", reviewer.email, "Good."],
    ]);
    expect(await actionsOn(12)).toEqual(
      expect.arrayContaining(["content.approve", "content.comment", "content.submit", "content.return", "content.save"]),
    );
  });

  it("refuses what the rule and the roles do not allow, and approval of a draft changed since it was submitted", async () => {
    const { editing, review } = t.domain;
    const revision = await change("The Roman road through the old city.");
    await expect(review.submit(viewer, "site", PLACE, revision, "", "")).rejects.toMatchObject({ code: "forbidden" });
    await expect(review.submit(author, "site", PLACE, revision - 1, "", "")).rejects.toMatchObject({ code: "conflict" });
    await expect(review.submit(author, "site", PLACE, revision, "nobody@example.org", "")).rejects.toMatchObject({
      code: "invalid",
      problems: [{ field: "reviewer", code: "invalid_value" }],
    });
    await review.submit(author, "site", PLACE, revision, "", "");
    await expect(editing.approve(translator, "site", PLACE, revision, "")).rejects.toMatchObject({ code: "forbidden" });
    await expect(review.sendBack(author, "site", PLACE, revision, "No.")).rejects.toMatchObject({ code: "own-change" });
    await expect(review.comment(viewer, "site", PLACE, "A viewer only reads.")).rejects.toMatchObject({ code: "forbidden" });
    await expect(editing.approve(admin, "site", PLACE, revision, "x".repeat(2001))).rejects.toMatchObject({
      code: "invalid",
      problems: [{ field: "reviewNote", code: "too_big", values: { maximum: 2000 } }],
    });
    // Someone else saves after the submission: what was submitted is no longer what would be published.
    const item = await place();
    await t.domain.editing.save(reviewer, "site", PLACE, item.revision, {
      ...(item.draft as object),
      summary: { ...(item.draft as { summary: object }).summary, en: "Changed after it was submitted." },
    });
    await expect(editing.approve(admin, "site", PLACE, revision, "")).rejects.toMatchObject({ code: "conflict" });
    // A draft that could not be published is never put to a reviewer.
    const broken = await place();
    const emptied = await editing.save(author, "site", PLACE, broken.revision, {
      ...(broken.draft as object),
      summary: { ...(broken.draft as { summary: object }).summary, en: "" },
    });
    await expect(review.submit(author, "site", PLACE, emptied, "", "")).rejects.toMatchObject({ code: "unfinished" });
  });

  it("lets an admin publish without review only with a reason, audited and listed", async () => {
    const { editing, review } = t.domain;
    const revision = await change("The Roman road through the old city, open again after the works.");
    await expect(editing.publish(admin, "site", PLACE, revision)).rejects.toMatchObject({
      code: "invalid",
      problems: [{ field: "reason", code: "required" }],
    });
    await expect(editing.publish(admin, "site", PLACE, revision, "x".repeat(501))).rejects.toMatchObject({ code: "invalid" });
    await editing.publish(admin, "site", PLACE, revision, "The street reopened today; the old text says it is closed.");
    expect(await publicSummary()).toContain("open again");
    expect((await review.publishedNow(viewer))[0]).toMatchObject({
      target: `site/${PLACE}`,
      by: admin.email,
      reason: "The street reopened today; the old text says it is closed.",
    });
    expect((await actionsOn(3))[0]).toBe("content.publish-now");
  });

  it("opens one draft through an outside reviewer's link until it expires or is withdrawn, each opening audited", async () => {
    let now = new Date("2026-11-27T10:00:00Z");
    const review = reviewService({ ...repositoryAccess(t.database.db), editing: t.domain.editing, now: () => now });
    await expect(review.createLink(translator, "site", PLACE)).rejects.toMatchObject({ code: "forbidden" });
    const { token, expiresAt } = await review.createLink(author, "site", PLACE);
    expect(expiresAt).toBe("2026-11-29T10:00:00.000Z");
    expect(await review.openLink(token)).toEqual({ type: "site", slug: PLACE, createdBy: author.email });
    const tampered = `${token.slice(0, 10)}${token[10] === "a" ? "b" : "a"}${token.slice(11)}`;
    expect(await review.openLink(tampered)).toBeUndefined();
    expect(await review.openLink("short")).toBeUndefined();
    now = new Date(now.getTime() + REVIEW_LINK_HOURS * 3_600_000 - 1000);
    expect(await review.openLink(token)).toBeDefined();
    now = new Date(now.getTime() + 1000);
    expect(await review.openLink(token)).toBeUndefined();
    expect(await review.links(viewer, "site", PLACE)).toEqual([]);

    now = new Date("2026-11-28T10:00:00Z");
    const second = await review.createLink(author, "site", PLACE);
    const [open] = await review.links(viewer, "site", PLACE);
    await expect(review.revokeLink(author, "site", "damascus", open.id)).rejects.toMatchObject({ code: "not-found" });
    await review.revokeLink(reviewer, "site", PLACE, open.id);
    expect(await review.openLink(second.token)).toBeUndefined();
    await expect(review.revokeLink(reviewer, "site", PLACE, open.id)).rejects.toMatchObject({ code: "conflict" });
    const actions = await actionsOn(12);
    expect(actions.filter((a) => a === "content.review-link-open")).toHaveLength(2);
    expect(actions).toEqual(expect.arrayContaining(["content.review-link", "content.review-link-revoke"]));
  });
});
