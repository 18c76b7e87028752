// Offline, a link is followed as a whole page. A client navigation asks for the page's data (`.data`), which a
// saved trip pack does not hold and the network cannot give; the page itself the service worker answers, from
// the pack or as the offline page.
function followAsPage(event: MouseEvent) {
  if (navigator.onLine || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
  if (!link || link.origin !== window.location.origin || link.target || link.hasAttribute("download")) return;
  event.preventDefault();
  event.stopPropagation();
  window.location.assign(link.href);
}

/** Listens before React Router's own handler does (the capture phase); returns what stops listening. */
export function followLinksAsPagesOffline(): () => void {
  document.addEventListener("click", followAsPage, true);
  return () => document.removeEventListener("click", followAsPage, true);
}
