// Every endpoint answers bad input with a clear message and the right status, never a stack trace.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";

const API = "/back/api/user";
const GETS = [
  "/language1/languages/:id",
  "/category1/category/language/:id",
  "/category1/categories/:id",
  "/city1/cities/category/1/language/:id",
  "/city1/cities/:id",
  "/place1/places/:id",
  "/place1/places/category/1/language/:id",
  "/place1/places/city/1/category/1/language/:id",
  "/place1/places/city/1/category/2/language/1/service/:id",
  "/place1/places/city/1/category/2/language/1/service/1/star/:id",
  "/service1/services/:id",
  "/service1/services/city/:id/category/2/language/1",
  "/star1/star/category/2/language/1/service/:id/city/1",
  "/media1/media/place/:id/city/1/category/1/language/1",
  "/link1/links/place/:id/city/1/category/1/language/1",
  "/way1/ways/place/:id/city/1/category/1/language/1",
  "/place1/places/:id/information.txt",
];

describe.each(ENGINES)("bad input on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    t = await testApp(engine, { contactLimit: 3 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const request = (path: string, init?: RequestInit) => t.app.request(API + path, init);
  const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  async function expectError(res: Response, status: number) {
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as { message: string; errors?: Record<string, string> };
    expect(body.message).toEqual(expect.any(String));
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+|node_modules|Error:/);
    return body;
  }

  it.each(GETS)("answers 400 for a non-numeric id and 404 for an unknown one: %s", async (path) => {
    const bad = await expectError(await request(path.replace(":id", "abc")), 400);
    expect(Object.values(bad.errors ?? {}).join()).toMatch(/must be a number/);
    await expectError(await request(path.replace(":id", "-3")), 400);
    await expectError(await request(path.replace(":id", "1.5")), 400);
    await expectError(await request(path.replace(":id", "99999999999")), 400);
    if (!path.includes("star/:id")) await expectError(await request(path.replace(":id", "999999")), 404);
  });

  it.each(GETS)("takes an id in decimal digits only, never as hex, an exponent or with a sign: %s", async (path) => {
    // 0x1d is 29 and 1e1 is 10 to a number parser; to the API they are not ids, like "abc".
    for (const loose of ["0x1d", "1e1", "+1", "1.0", "0b1", " 1", "1_0"]) {
      const body = await expectError(await request(path.replace(":id", encodeURIComponent(loose))), 400);
      expect(Object.values(body.errors ?? {}).join(), loose).toMatch(/must be a number/);
    }
  });

  it("answers 404 for an unknown language id on every list", async () => {
    const body = await expectError(await request("/category1/category/language/42"), 404);
    expect(body.message).toBe("Unknown language id 42.");
    await expectError(await request("/place1/search", json({ name: "x", language: 42 })), 404);
    await expectError(await request("/place1/places/1?language=42"), 404);
  });

  it("answers 400 for out-of-range pagination", async () => {
    for (const q of ["page=0", "page=abc", "per_page=0", "per_page=51", "per_page=1e3"]) {
      const body = await expectError(await request(`/place1/places/category/1/language/1?${q}`), 400);
      expect(Object.keys(body.errors!)[0]).toMatch(/page/);
    }
    await expectError(await request("/place1/search?per_page=500", json({ name: "x" })), 400);
  });

  it("answers 400 for a star outside 0..5", async () => {
    await expectError(await request("/place1/places/city/1/category/2/language/1/service/1/star/6"), 400);
  });

  it("validates the search body: missing or wrongly typed fields", async () => {
    expect((await expectError(await request("/place1/search", json({ language: 1 })), 400)).errors).toHaveProperty("name");
    expect((await expectError(await request("/place1/search", json({ name: 12 })), 400)).errors).toHaveProperty("name");
    expect((await expectError(await request("/place1/search", json({ name: "x", star: "many" })), 400)).errors).toHaveProperty("star");
    expect((await expectError(await request("/place1/search", json({ name: "x", service: -1 })), 400)).errors).toHaveProperty("service");
    expect((await expectError(await request("/place1/search", json({ name: ["a"] })), 400)).errors).toHaveProperty("name");
  });

  it("answers 400 for malformed JSON and a JSON body that is not an object", async () => {
    const body = await expectError(
      await request("/place1/search", { method: "POST", headers: { "content-type": "application/json" }, body: "{name:" }),
      400,
    );
    expect(body.message).toBe("The request body is not valid JSON.");
    await expectError(await request("/contact-admin", json(["a", "b"])), 400);
    await expectError(await request("/contact-admin", json(null)), 400);
  });

  it("answers 415 for a body of another content type", async () => {
    const body = await expectError(
      await request("/contact-admin", { method: "POST", headers: { "content-type": "text/plain" }, body: "hello" }),
      415,
    );
    expect(body.message).toContain("application/json");
    await expectError(
      await request("/place1/search", { method: "POST", headers: { "content-type": "application/xml" }, body: "<a/>" }),
      415,
    );
  });

  it("answers 413 for a body over 64 KB", async () => {
    const huge = JSON.stringify({ name: "x", email: "a@b.org", subject: "s".repeat(10), message: "m".repeat(70 * 1024) });
    await expectError(
      await request("/contact-admin", { method: "POST", headers: { "content-type": "application/json" }, body: huge }),
      413,
    );
  });

  it("answers 405 with Allow for a known path and another method", async () => {
    const res = await request("/place1/search");
    await expectError(res, 405);
    expect(res.headers.get("allow")).toBe("POST");
    const del = await request("/language1/languages", { method: "DELETE" });
    await expectError(del, 405);
    expect(del.headers.get("allow")).toBe("GET");
  });

  it("answers 404 in JSON for an unknown API path", async () => {
    await expectError(await request("/nothing/here"), 404);
  });

  it("gives per-field messages for an invalid contact message and stores nothing", async () => {
    const body = await expectError(
      await request("/contact-admin", json({ name: " ", email: "not-an-email", subject: "hi", message: "short" })),
      400,
    );
    expect(body.errors).toEqual({
      name: "name is required",
      email: "email must be a valid e-mail address",
      subject: "subject must be at least 3 characters",
      message: "message must be at least 10 characters",
    });
    const missing = await expectError(await request("/contact-admin", json({})), 400);
    expect(Object.keys(missing.errors!).sort()).toEqual(["email", "message", "name", "subject"]);
    const tooLong = await expectError(
      await request(
        "/contact-admin",
        json({ name: "n".repeat(101), email: "a@b.org", subject: "Hello", message: "A long enough message." }),
      ),
      400,
    );
    expect(tooLong.errors).toEqual({ name: "name must be at most 100 characters" });
    expect(await t.database.db.selectFrom("contact_messages").selectAll().execute()).toHaveLength(0);
  });

  it("drops a message whose honeypot is filled, answering as if it were sent", async () => {
    const res = await request(
      "/contact-admin",
      json({
        name: "Bot",
        email: "bot@example.org",
        subject: "Buy now",
        message: "Cheap offers for everyone",
        website: "http://spam.example",
      }),
    );
    expect(res.status).toBe(201);
    expect(await t.database.db.selectFrom("contact_messages").selectAll().where("name", "=", "Bot").execute()).toHaveLength(0);
  });

  it("rate-limits contact messages per client with 429 and Retry-After", async () => {
    const ok = { name: "Sami", email: "sami@example.org", subject: "Question", message: "When is the best season to visit?" };
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await request("/contact-admin", json(ok));
      statuses.push(last.status);
    }
    // The honeypot test above used one of the three allowed submissions.
    expect(statuses).toEqual([201, 201, 429, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    await expectError(last!, 429);
  });

  it("accepts the device registration with nothing but wrong types refused", async () => {
    expect((await request("/device/store", json({}))).status).toBe(201);
    const body = await expectError(await request("/device/store", json({ platform: { a: 1 } })), 400);
    expect(body.errors).toHaveProperty("platform");
  });
});
