// Renders a page on the server. The whole document is rendered before it is sent (server/pages.ts caches
// and compresses it, and hashes its inline scripts for the Content-Security-Policy).
import { PassThrough } from "node:stream";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { appContext } from "./request-context";
import { StylesheetContext } from "./lib/stylesheet";
import stylesheet from "./styles/global.css?inline";

export { appContext };
export const streamTimeout = 5_000;

/** Loader and action errors are kept on the request's context; server/pages.ts decides their status. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  try {
    (context as RouterContextProvider).get(appContext).errors.push(error);
  } catch {
    console.error(error);
  }
};

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const document = (
      <StylesheetContext value={stylesheet}>
        <ServerRouter context={routerContext} url={request.url} />
      </StylesheetContext>
    );
    const { pipe, abort } = renderToPipeableStream(document, {
      onAllReady() {
        const body = new PassThrough();
        headers.set("content-type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status: failed ? 500 : status }));
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        failed = true;
        console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
