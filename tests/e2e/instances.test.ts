// Several instances, proven: two servers on one PostgreSQL and one S3-compatible bucket, behind nginx with
// TLS configured by the deployment guide's own files. A publish on A shows on B (with the pictures A made for
// it), a photograph uploaded through A is served by B, a sign-in on A is valid on B, the
// contact limit counts across both, and A stopped by SIGTERM in the middle of load loses no request while B
// goes on serving. How fast is measured by `npm run bench -- instances`, on the same harness.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSeenOnB, type Cluster, editorOn, LOAD_PATHS, loadStoppingA, startCluster } from "../../harness/instances.ts";
import { newPlace, NEW_PLACE } from "../fixtures/new-place.ts";
import { photo, photoDetails } from "../fixtures/uploads.ts";

const PASSWORD = "the long road from homs to palmyra";
const EMAIL = "operator-test@example.org";
const SLUG_UPLOADED = "krak-des-chevaliers-south-west";
describe("two instances behind nginx", () => {
  let cluster: Cluster;
  let session: Awaited<ReturnType<typeof editorOn>>;
  beforeAll(async () => {
    cluster = await startCluster({ CONTACT_RATE_LIMIT_MAX: "4" });
    session = await editorOn(cluster, EMAIL, PASSWORD);
  }, 900_000);
  afterAll(async () => {
    await session?.close();
    await cluster?.stop();
  });
  const direct = (instance: "a" | "b", path: string, init: RequestInit = {}) =>
    cluster.direct(instance, path, { ...init, cookie: session.cookie });

  it("serves the site over TLS, redirects plain HTTP, and hides the metrics", async () => {
    const home = await cluster.https("/");
    expect(home.status).toBe(200);
    expect(home.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(home.headers["set-cookie"]).toBeUndefined();
    const plain = await fetch(`http://localhost:${cluster.httpPort}/ar?x=1`, { redirect: "manual" });
    expect(plain.status).toBe(308);
    expect(plain.headers.get("location")).toBe(`${cluster.origin}/ar?x=1`);
    expect((await cluster.https("/metrics")).status).toBe(404);
  });

  it("takes a sign-in on A as valid on B", async () => {
    expect(session.signIn.status, await session.signIn.clone().text()).toBe(303);
    expect(session.cookie).toMatch(/=/);
    const onB = await direct("b", "/admin");
    expect(onB.status).toBe(200);
    const dashboard = await onB.text();
    expect(dashboard).toMatch(/<h1[^>]*>Welcome, Operator<\/h1>/);
  });

  it("shows a place published on A on B, with the pictures A made for it", async () => {
    const { domain, editor } = session;
    await domain.editing.create(editor, "site", newPlace({ category: "religious-sites" }));
    const { revision } = await domain.editing.item(editor, "site", NEW_PLACE.slug);
    const search = async () => {
      const res = await direct("b", "/back/api/user/place1/search?page=1&per_page=10", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Ibn Arabi", language: 1 }),
      });
      type Found = { id: number; place_name: string; categories_idcategories: number; cities_idcities: number };
      const { data } = (await res.json()) as { data: Found[] };
      // Other places share words of its name: only the new place counts.
      return data.filter((p) => p.place_name === NEW_PLACE.name.en);
    };
    expect(await search()).toEqual([]);

    // How soon is measured by the bench (npm run bench -- instances); here, that B shows it at all.
    const change = { type: "site", slug: NEW_PLACE.slug, intent: "publish" as const, revision };
    const { answer, ms } = await changeSeenOnB(cluster, session.cookie, change, async () => (await search()).length > 0);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toContain("done=published");
    expect(ms).toBeDefined();
    const [found] = await search();
    expect(found?.place_name).toBe(NEW_PLACE.name.en);

    // Its page on B names its illustrations, which A encoded when it published; B serves them from the bucket.
    const place = found!;
    const page = await (
      await direct("b", `/cities/${place.categories_idcategories}/sites/${place.cities_idcities}/action/${place.id}`)
    ).text();
    const pictures = [...new Set(page.match(/\/media\/img\/ibn-arabi-mosque[a-z0-9._-]*\.webp/g) ?? [])];
    expect(pictures.length).toBeGreaterThan(0);
    for (const src of pictures) {
      const res = await direct("b", src);
      expect(res.status, src).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
    }
  });

  it("serves on B a photograph uploaded through A", async () => {
    const form = new FormData();
    form.set("kind", "picture");
    // The fields as the upload form names them: a text per language is "alt.en", "alt.ar"…
    for (const [name, value] of Object.entries(photoDetails(SLUG_UPLOADED)))
      if (typeof value === "string") form.set(name, value);
      else for (const [language, text] of Object.entries(value)) form.set(`${name}.${language}`, text);
    form.set("file", new Blob([photo()], { type: "image/jpeg" }), "krak.jpg");
    const upload = await direct("a", "/admin/media/upload", { method: "POST", body: form, headers: { accept: "application/json" } });
    expect(upload.status, await upload.clone().text()).toBeLessThan(300);
    const { draft } = await session.domain.editing.item(session.editor, "picture", SLUG_UPLOADED);
    const image = await session.domain.pictures.image((draft as { file: string }).file);
    for (const v of image.variants) {
      const [fromA, fromB] = await Promise.all([direct("a", v.src), direct("b", v.src)]);
      expect(fromB.status, v.src).toBe(200);
      expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    }
  });

  it("counts the contact limit across both instances", async () => {
    const send = (instance: "a" | "b", n: number) =>
      direct(instance, "/back/api/user/contact-admin", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Rim", email: "rim@example.org", subject: `Visit ${n}`, message: "Is the citadel open on Fridays?" }),
      });
    const statuses = [];
    for (const [n, instance] of (["a", "b", "a", "b", "a", "b"] as const).entries()) statuses.push((await send(instance, n)).status);
    // Four in all (CONTACT_RATE_LIMIT_MAX), not four on each.
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it("loses no request when A is stopped by SIGTERM under load, and B goes on serving", { timeout: 120_000 }, async () => {
    const load = await loadStoppingA(cluster, { total: 600, concurrency: 16, stopAfter: 150 });
    expect(load.exitCode).toBe(0);
    expect(cluster.a.output()).toContain('"msg":"stopped"');
    expect(load.statuses).toEqual({ 200: 600 });
    const after = await Promise.all(LOAD_PATHS.map((p) => cluster.https(p)));
    expect(after.map((r) => r.status)).toEqual(LOAD_PATHS.map(() => 200));
  });
});
