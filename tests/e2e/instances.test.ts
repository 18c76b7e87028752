// Several instances, proven: two servers on one PostgreSQL and one S3-compatible bucket, behind nginx with
// TLS configured by the deployment guide's own files. A publish on A shows on B within two seconds (with the
// pictures A made for it), a photograph uploaded through A is served by B, a sign-in on A is valid on B, the
// contact limit counts across both, and A stopped by SIGTERM in the middle of load loses no request while B
// goes on serving. The figures are written to test-results/instances.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/engine.ts";
import { s3Store } from "../../domain/media/s3-store.ts";
import { type Cluster, startCluster } from "../../harness/instances.ts";
import { buildDomain } from "../../server/compose.ts";
import { newPlace, NEW_PLACE } from "../fixtures/new-place.ts";
import { photo } from "../fixtures/uploads.ts";

const PASSWORD = "the long road from homs to palmyra";
const EMAIL = "operator-test@example.org";
const figures: Record<string, unknown> = {};

describe("two instances behind nginx", () => {
  let cluster: Cluster;
  let cookie: string;
  let domain: ReturnType<typeof buildDomain>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    cluster = await startCluster({ CONTACT_RATE_LIMIT_MAX: "4" });
    const handle = openDatabase({ databaseUrl: cluster.databaseUrl, sqlitePath: "" });
    close = handle.close;
    const store = s3Store({ ...cluster.s3, region: "us-east-1" });
    domain = buildDomain(handle, pino({ level: "silent" }), { mediaStore: store });
    const { path } = await domain.workspace.invite(
      { id: null, email: "test" },
      { email: EMAIL, name: "Operator", role: "editor", languages: [] },
    );
    await domain.workspace.acceptInvitation(path.split("/").pop()!, PASSWORD, PASSWORD);
  }, 900_000);
  afterAll(async () => {
    await close?.();
    await cluster?.stop();
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/instances.json", `${JSON.stringify(figures, null, 2)}\n`);
    console.log("several instances:", JSON.stringify(figures));
  });

  /**
   * A request straight to one instance, as nginx passes on a visitor's: the public Host, X-Forwarded-Proto
   * and -For, and the workspace's Origin. (fetch may not set Host, so the request is made with node:http.)
   */
  async function direct(instance: "a" | "b", path: string, init: RequestInit = {}): Promise<Response> {
    // A Request serialises any body (a form, a multipart upload) with its content type.
    const asked = new Request(`${cluster[instance].url}${path}`, init);
    const body = Buffer.from(await asked.arrayBuffer());
    const headers: Record<string, string> = {
      ...Object.fromEntries(asked.headers),
      host: new URL(cluster.origin).host,
      origin: cluster.origin,
      "x-forwarded-proto": "https",
      "x-forwarded-for": "198.51.100.20",
      ...(cookie ? { cookie } : {}),
      "content-length": String(body.length),
    };
    return new Promise((resolve, reject) => {
      const req = httpRequest(asked.url, { method: asked.method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) for (const one of [v ?? []].flat()) h.append(k, one);
          const status = res.statusCode!;
          resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: h }));
        });
      });
      req.on("error", reject);
      req.end(body);
    });
  }

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
    const signIn = await direct("a", "/admin/sign-in", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: EMAIL, password: PASSWORD }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(303);
    cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toMatch(/=/);
    const onB = await direct("b", "/admin");
    expect(onB.status).toBe(200);
    const dashboard = await onB.text();
    expect(dashboard).toMatch(/<h1[^>]*>Welcome, Operator<\/h1>/);
  });

  it("shows a place published on A on B within two seconds, with the pictures A made for it", async () => {
    const editor = {
      id: (await domain.workspace.accounts()).find((a) => a.email === EMAIL)!.id,
      email: EMAIL,
      role: "editor",
      languages: "",
    };
    await domain.editing.create(editor, "site", newPlace({ category: "religious-sites" })).catch((e) => {
      throw new Error(JSON.stringify(e.problems));
    });
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

    const published = await direct("a", `/admin/content/site/${NEW_PLACE.slug}/publish`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "publish", revision: String(revision) }),
    });
    expect(published.status).toBe(303);
    expect(published.headers.get("location")).toContain("done=published");
    const started = performance.now();
    let found = await search();
    while (!found.length && performance.now() - started < 5000) {
      await new Promise((r) => setTimeout(r, 50));
      found = await search();
    }
    figures.publishVisibleOnBMs = Math.round(performance.now() - started);
    expect(found[0]?.place_name).toBe(NEW_PLACE.name.en);
    expect(figures.publishVisibleOnBMs).toBeLessThan(2000);

    // Its page on B names its illustrations, which A encoded when it published; B serves them from the bucket.
    const place = found[0]!;
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
    form.set("slug", "krak-des-chevaliers-south-west");
    form.set("alt.en", "Krak des Chevaliers from the south-west, its round towers on a bare ridge");
    form.set("caption.en", "Krak des Chevaliers from the south-west");
    form.set("credit", "Vyacheslav Argenberg");
    form.set("licence", "CC-BY-4.0");
    form.set("source", "https://commons.wikimedia.org/wiki/File:Krak_des_Chevaliers_Castle,_Syria.jpg");
    form.set("file", new Blob([photo()], { type: "image/jpeg" }), "krak.jpg");
    const upload = await direct("a", "/admin/media/upload", { method: "POST", body: form, headers: { accept: "application/json" } });
    expect(upload.status, await upload.clone().text()).toBeLessThan(300);
    const editor = { id: "x", email: EMAIL, role: "editor", languages: "" };
    const { draft } = await domain.editing.item(editor, "picture", "krak-des-chevaliers-south-west");
    const image = await domain.library.image((draft as { file: string }).file);
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
    const paths = ["/", "/ar", "/back/api/user/language1/languages", "/fr/experiences"];
    const total = 600;
    const statuses = new Map<number | string, number>();
    let done = 0;
    let stopped: Promise<number | null> | undefined;
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < total) {
          const path = paths[next++ % paths.length]!;
          const status = await cluster.https(path).then(
            (r) => r.status,
            (e: Error) => e.message,
          );
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (++done === 150) stopped = cluster.a.stop("SIGTERM");
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(await stopped).toBe(0);
    expect(cluster.a.output()).toContain('"msg":"stopped"');
    expect(Object.fromEntries(statuses)).toEqual({ 200: total });
    const after = await Promise.all(paths.map((p) => cluster.https(p)));
    expect(after.map((r) => r.status)).toEqual(paths.map(() => 200));
    figures.sigtermLoad = {
      requests: total,
      concurrency: 16,
      seconds: Number(seconds.toFixed(2)),
      requestsPerSecond: Math.round(total / seconds),
      failed: 0,
    };
  });
});
