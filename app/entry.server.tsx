// Renders a page on the server: streams HTML (all at once for crawlers), with the CSP nonce on every script.
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { appContext } from "./context";
import { pageCsp } from "../server/http/headers";
import { VIRTUAL_TOUR_HOSTS } from "../shared/limits";

export { appContext };
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext | RouterContextProvider,
) {
  const { nonce } = (loadContext as RouterContextProvider).get(appContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const waitForAll = isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [waitForAll ? "onAllReady" : "onShellReady"]() {
        shellRendered = true;
        const body = new PassThrough();
        headers.set("content-type", "text/html; charset=utf-8");
        headers.set("content-security-policy", pageCsp(nonce, VIRTUAL_TOUR_HOSTS));
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
