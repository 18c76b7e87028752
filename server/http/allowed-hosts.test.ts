// The site's origin and the hosts it answers come from configuration, never from a request.
import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { allowedHosts, onlyAllowedHosts, siteOrigin } from "./allowed-hosts.ts";
import { readEnv } from "../env.ts";

describe("the site's origin and hosts", () => {
  it("takes PUBLIC_ORIGIN, and answers only its host", () => {
    const origin = siteOrigin({ PUBLIC_ORIGIN: "https://visitsyria.gov.sy/", HOST: "0.0.0.0", PORT: 3000 });
    expect(origin).toBe("https://visitsyria.gov.sy");
    expect([...allowedHosts(origin)]).toEqual(["visitsyria.gov.sy"]);
  });

  it("on a loopback address, answers that address by each of its names at its port", () => {
    expect([...allowedHosts(siteOrigin({ HOST: "127.0.0.1", PORT: 3000 }))].sort()).toEqual([
      "127.0.0.1:3000",
      "[::1]:3000",
      "localhost:3000",
    ]);
    expect(siteOrigin({ HOST: "::1", PORT: 8080 })).toBe("http://[::1]:8080");
  });

  it("refuses another host with 421 before anything else runs, and keeps nothing", async () => {
    const app = new Hono();
    let reached = 0;
    app.use(onlyAllowedHosts(allowedHosts("https://visitsyria.gov.sy")));
    app.get("*", (c) => {
      reached++;
      return c.text("page");
    });
    const foreign = await app.request("https://visitsyria.gov.sy/es/about", { headers: { host: "evil.example" } });
    expect(foreign.status).toBe(421);
    expect(foreign.headers.get("cache-control")).toBe("no-store");
    expect((await app.request("https://visitsyria.gov.sy/es/about", { headers: { host: "VisitSyria.gov.sy" } })).status).toBe(200);
    expect(reached).toBe(1);
  });

  it("will not start in production on a public address without PUBLIC_ORIGIN, and says why", () => {
    expect(() => readEnv({ NODE_ENV: "production", HOST: "0.0.0.0" })).toThrow(/PUBLIC_ORIGIN is required in production/);
    expect(readEnv({ NODE_ENV: "production", HOST: "0.0.0.0", PUBLIC_ORIGIN: "https://visitsyria.gov.sy" }).HOST).toBe("0.0.0.0");
    // npm start on one machine: the loopback address is its own origin.
    expect(readEnv({ NODE_ENV: "production" }).PUBLIC_ORIGIN).toBeUndefined();
  });
});
