// A page's scripts start once its content has loaded (decision 021). React Router's <Scripts> preloads React,
// the router and the page's route modules (about 110 kB compressed) beside the stylesheet and the page's main
// picture, and imports them from an inline module as soon as the HTML is parsed. On a slow mobile link they
// share its bandwidth, and the picture and text the visitor came for wait for code that only makes the page
// interactive, which without it the page already is: its links and forms work (the site is tested without
// JavaScript). Here the inline module's imports are moved into a function that runs at the window's `load`
// (once the next frame is painted), which first asks for every module at once, as the preloads did, so no
// request waits on another.

const STATIC_IMPORT = /import \* as (\w+) from "([^"]+)";/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const ENTRY_IMPORT = /import\("[^"]+"\);\s*$/;
const LOADER_LIST = /for \(const href of (\[[^\]]*\])\) document\.head\.append/;

/** The modules a page's loader (see `deferScripts`) asks for when it starts: what its visit downloads. */
export function deferredModules(html: string): string[] {
  const list = LOADER_LIST.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}

/**
 * The page's HTML with its scripts started at `load`. HTML not of the expected shape (another React Router
 * version) is returned as it is: the page then loads its scripts as React Router does.
 */
export function deferScripts(html: string): string {
  const module = MODULE_SCRIPT.exec(html);
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  if (!module || !preloads.length || !ENTRY_IMPORT.test(module[1])) return html;
  const imports = [...module[1].matchAll(STATIC_IMPORT)].map((m) => ({ name: m[1], url: m[2] }));
  if (!imports.length) return html;
  const rest = module[1].replace(STATIC_IMPORT, "").replace(/^[\s;]+/, "");
  const script = [
    "const start = async () => {",
    `for (const href of ${JSON.stringify([...new Set(preloads)])}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${imports.map((i) => i.name).join(", ")}] = await Promise.all([${imports.map((i) => `import(${JSON.stringify(i.url)})`).join(", ")}]);`,
    rest,
    "};",
    // Once the frame after the load has been drawn (a second frame's callback comes after the first is drawn):
    // a page that loads at once is on screen before its scripts are asked for.
    "const later = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));",
    'if (document.readyState === "complete") later(); else addEventListener("load", later, { once: true });',
  ].join("\n");
  return html.replace(PRELOAD, "").replace(module[0], () => `<script type="module" async="">${script}</script>`);
}
