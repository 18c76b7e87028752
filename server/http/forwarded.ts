// Behind a proxy that ends TLS (TRUST_PROXY=1), the request reaches us as http://; the visitor made it as
// https://, and says so through the proxy's X-Forwarded-Proto. React Router refuses an action (a form post)
// whose Origin is not the request's own origin, so the pages see the address the visitor used.
export function asForwarded(request: Request): Request {
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const url = new URL(request.url);
  if ((proto !== "https" && proto !== "http") || url.protocol === `${proto}:`) return request;
  url.protocol = proto;
  if (!request.body) return new Request(url, { method: request.method, headers: request.headers, signal: request.signal });
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    body: request.body,
    duplex: "half",
  } as RequestInit);
}
