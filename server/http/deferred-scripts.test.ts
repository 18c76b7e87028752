import { describe, expect, it } from "vitest";
import { deferredModules, deferScripts } from "./deferred-scripts.ts";

// The shape React Router's <Scripts> gives a page (its module preloads and inline module), shortened.
const page = [
  '<html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-B.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/contact-C.js"/></head><body><main>Hi</main>',
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">;\nimport * as route0 from "/assets/root-B.js";\nimport * as route1 from "/assets/contact-C.js";\n',
  'window.__reactRouterManifest = {"version": "1"};\nwindow.__reactRouterRouteModules = {"root":route0,"routes/contact":route1};\n\nimport("/assets/entry.client-A.js");</script>',
  "</body></html>",
].join("");

describe("scripts deferred to the page's load", () => {
  const deferred = deferScripts(page);

  it("takes out the preloads, and keeps the page and its other scripts as they were", () => {
    expect(deferred).not.toContain('<link rel="modulepreload"');
    expect(deferred).toContain("<main>Hi</main>");
    expect(deferred).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("asks for every module once, at load, then sets the router's modules and starts the entry", async () => {
    expect(deferredModules(deferred)).toEqual(["/assets/entry.client-A.js", "/assets/root-B.js", "/assets/contact-C.js"]);
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(deferred)![1]!;
    expect(script).not.toMatch(/^\s*import \*/m);
    // Run it with stand-ins for the browser: nothing happens before `load`.
    const asked: string[] = [];
    const listeners: (() => void)[] = [];
    const window: Record<string, unknown> = {};
    const document = {
      readyState: "interactive",
      head: { append: (l: { href: string }) => asked.push(`preload ${l.href}`) },
      createElement: () => ({}),
    };
    const importModule = async (url: string) => {
      asked.push(`import ${url}`);
      return { url };
    };
    const run = new Function(
      "window",
      "document",
      "addEventListener",
      "requestAnimationFrame",
      "setTimeout",
      "importModule",
      script.replaceAll("import(", "importModule("),
    );
    const frame = (f: () => void) => asked.push("frame") && f();
    const task = (f: () => void) => asked.push("task") && f();
    run(window, document, (_: string, f: () => void) => listeners.push(f), frame, task, importModule);
    expect(asked).toEqual([]);
    listeners[0]!();
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual([
      "frame",
      "frame",
      "task",
      "preload /assets/entry.client-A.js",
      "preload /assets/root-B.js",
      "preload /assets/contact-C.js",
      "import /assets/root-B.js",
      "import /assets/contact-C.js",
      "import /assets/entry.client-A.js",
    ]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-B.js" },
      "routes/contact": { url: "/assets/contact-C.js" },
    });
  });

  it("leaves HTML of another shape as it is", () => {
    const other = page.replace('import("/assets/entry.client-A.js");', "startApp();");
    expect(deferScripts(other)).toBe(other);
    expect(deferredModules(other)).toEqual([]);
  });
});
