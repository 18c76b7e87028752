// Who may open which workspace route, generated from the route list (shared/workspace-routes.ts): every
// route, for someone not signed in and for each role, as a page, as React Router's data request and, for
// routes with forms, as a post. The page itself is a stand-in here: what is tested is that the gate lets
// the request through to it or not. The real pages are driven in a browser by tests/e2e/workspace.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, testApp } from "../setup/test-app.ts";
import { secretOf, totpCode } from "../../harness/totp.ts";
import { WORKSPACE_ROUTES } from "../../shared/workspace-routes.ts";
import { can, ROLES, type Role } from "../../domain/workspace/roles.ts";

const ORIGIN = "http://localhost";
const PASSWORD = "a long enough passphrase";
const cookieHeader = (cookies: string[]) => cookies.map((c) => c.split(";")[0]).join("; ");

describe.each(ENGINES)("workspace access on %s", (engine) => {
  let t: Awaited<ReturnType<typeof testApp>>;
  const seen: { path: string; cookie: string | null }[] = [];
  const cookies: Partial<Record<Role | "admin-without-two-factor", string>> = {};

  beforeAll(async () => {
    t = await testApp(engine, {
      pages: async (request) => {
        seen.push({ path: new URL(request.url).pathname, cookie: request.headers.get("cookie") });
        return new Response("<p>the page</p>", { headers: { "content-type": "text/html" } });
      },
    });
    const ws = t.domain.workspace;
    const account = async (email: string, role: Role) => {
      const { path } = await ws.invite(
        { id: null, email: "test" },
        { email, name: email, role, languages: role === "translator" ? ["fr"] : [] },
      );
      await ws.acceptInvitation(path.split("/").pop()!, PASSWORD, PASSWORD);
      const r = (await ws.signIn({ email, password: PASSWORD, client: email, headers: new Headers() })) as { cookies: string[] };
      return r.cookies;
    };
    for (const role of ROLES) cookies[role] = cookieHeader(await account(`${role}@example.org`, role));
    cookies["admin-without-two-factor"] = cookieHeader(await account("new-admin@example.org", "admin"));
    // The admin of the matrix has two-step verification on, as an admin must.
    const headers = new Headers({ cookie: cookies.admin! });
    const who = (await ws.current(headers))!;
    const { totpURI } = await ws.startTwoFactor(headers, who, PASSWORD, "admin");
    cookies.admin = cookieHeader(await ws.confirmTwoFactor(headers, who, totpCode(secretOf(totpURI))));
  });
  afterAll(() => t.close());

  const ask = (method: string, path: string, cookie?: string, extra: Record<string, string> = {}) =>
    t.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(method === "POST" ? { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" } : {}),
        ...extra,
      },
      body: method === "POST" ? "intent=nothing" : undefined,
      redirect: "manual",
    });

  const who: (Role | "anonymous")[] = ["anonymous", ...ROLES];
  const cases = WORKSPACE_ROUTES.flatMap((route) =>
    who.flatMap((person) =>
      [["GET", route.example], ["GET", `${route.example}.data`], ...(route.writes ? [["POST", route.example]] : [])].map(
        ([method, path]) => ({ route, person, method, path }),
      ),
    ),
  );

  it(`covers every route: ${WORKSPACE_ROUTES.length} routes × ${who.length} kinds of visitor`, () => {
    expect(new Set(cases.map((c) => `${c.route.path} ${c.person}`)).size).toBe(WORKSPACE_ROUTES.length * who.length);
  });

  it.each(cases)("$method $path as $person", async ({ route, person, method, path }) => {
    const res = await ask(method, path, person === "anonymous" ? undefined : cookies[person]);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const needed = method === "POST" ? route.writes! : route.access;
    const allowed = needed === "anyone" || (person !== "anonymous" && can(person, needed));
    if (allowed) {
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.text()).toBe("<p>the page</p>");
    } else if (person === "anonymous") {
      if (method === "GET" && !path.endsWith(".data")) {
        expect(res.status).toBe(303);
        expect(res.headers.get("location")).toBe(`/admin/sign-in?next=${encodeURIComponent(path)}`);
      } else {
        expect(res.status).toBe(401);
      }
    } else {
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain("the page");
    }
  });

  it("sends an admin without two-step verification to set it up, and lets them do nothing else", async () => {
    for (const route of WORKSPACE_ROUTES.filter((r) => r.access !== "anyone")) {
      const res = await ask("GET", route.example, cookies["admin-without-two-factor"]);
      if (route.path === "admin/account" || route.path === "admin/sign-out") expect(res.status, route.path).toBe(200);
      else {
        expect(res.status, route.path).toBe(303);
        expect(res.headers.get("location")).toBe("/admin/account#two-factor");
      }
    }
  });

  it("refuses a post that does not come from the workspace's own pages, even with a valid session", async () => {
    const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: "null" }, { "sec-fetch-site": "cross-site" }];
    for (const headers of foreign) {
      const res = await t.app.request(`${ORIGIN}/admin/accounts`, {
        method: "POST",
        headers: { cookie: cookies.admin!, "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "intent=invite&email=x@example.org",
      });
      expect(res.status).toBe(403);
    }
    // Neither Origin nor Sec-Fetch-Site: a browser always sends one of them, so this is not a browser's form.
    const bare = await t.app.request(`${ORIGIN}/admin/accounts`, {
      method: "POST",
      headers: { cookie: cookies.admin!, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=invite",
    });
    expect(bare.status).toBe(403);
    const sameSite = await ask("POST", "/admin/accounts", cookies.admin, { origin: "", "sec-fetch-site": "same-origin" });
    expect(sameSite.status).toBe(200);
  });

  // React Router matches paths whatever their case, so the gate must too: /Admin/accounts is /admin/accounts.
  const respelt = (path: string) => [
    path.replace("/admin", "/Admin"),
    path.toUpperCase(),
    path.replace(/[a-z]/g, (c, i) => (i % 2 ? c.toUpperCase() : c)),
  ];
  it.each(WORKSPACE_ROUTES.flatMap((route) => respelt(route.example).map((path) => ({ route, path }))))(
    "guards $path as its route, never cached",
    async ({ route, path }) => {
      for (const person of ["anonymous", "viewer"] as const) {
        const res = await ask("GET", path, person === "anonymous" ? undefined : cookies[person]);
        expect(res.headers.get("cache-control"), person).toBe("no-store");
        const body = await res.text();
        if (route.access === "anyone") continue;
        if (person === "anonymous") expect(res.status, person).toBe(303);
        else if (!can(person, route.access)) expect([res.status, body.includes("the page")], person).toEqual([403, false]);
      }
    },
  );

  it("answers an unknown workspace address with 404, signed in or not", async () => {
    for (const cookie of [undefined, cookies.admin]) {
      const res = await ask("GET", "/admin/no-such-page", cookie);
      expect(res.status).toBe(404);
    }
  });

  it("never hands a cookie to a public page, and the public API sets none", async () => {
    seen.length = 0;
    await ask("GET", "/ar/about", cookies.admin);
    await ask("GET", "/admin", cookies.admin);
    expect(seen).toEqual([
      { path: "/ar/about", cookie: null },
      { path: "/admin", cookie: cookies.admin },
    ]);
    const api = await ask("GET", "/back/api/user/language1/languages", cookies.admin);
    expect(api.status).toBe(200);
    expect(api.headers.get("set-cookie")).toBeNull();
  });
});
