// The site's one stylesheet, written into each page's <head> instead of linked: it is 3.6 kB compressed,
// and a linked stylesheet costs a slow phone network one more round trip before anything can be painted
// (measured with throttled Chromium: first paint on /ar 1.45 s linked, 0.87 s inlined; decision 011).
//
// Only the server has the text: app/entry.server.tsx provides it, so the browser bundle does not carry it.
// In the browser the text is read back from the element the server wrote, before React first renders: an
// error rendered on the client can mount the document's <head> again, and an empty <style> there would
// leave the page without any look at all.
import { createContext, useContext } from "react";

export const StylesheetContext = createContext("");

const ID = "site-css";
const writtenByServer = typeof document === "undefined" ? "" : (document.getElementById(ID)?.textContent ?? "");

export function InlineStylesheet() {
  const css = useContext(StylesheetContext) || writtenByServer;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own built stylesheet.
  return <style id={ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
