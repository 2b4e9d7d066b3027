import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nProvider } from "./i18n/react";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { languageFromRequest } from "./i18n/config";
import { deferPageScripts } from "./server/http/deferred-scripts.server";
import { i18nFor } from "./server/i18n.server";
import { logger, pathOf } from "./server/logger.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The Content-Security-Policy nonce: on React Router's inline scripts (hydration data, route
  // modules, scroll restoration, streamed data) and React's own (Suspense boundaries).
  const nonce = loadContext?.cspNonce;
  const i18n = await i18nFor(languageFromRequest(request));
  // Bots and no-JS readers get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent")) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Stops a render still streaming after streamTimeout (a loader promise that never settles).
    // Cleared once the render is complete: a pending timer keeps the whole render (React's state,
    // the loader data, the stream) alive until it fires, and at a few hundred renders a second
    // those 6 s held tens of MB of heap.
    let abortTimer: NodeJS.Timeout | undefined;
    const sendDocument = () => {
      shellRendered = true;
      // A shop page's JavaScript waits for its main image (decision 0018).
      const body = deferPageScripts(new URL(request.url).pathname);
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <I18nProvider i18n={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nProvider>,
      {
        nonce,
        // Suspense boundaries that are complete when the document is written stay in place:
        // React would otherwise move large ones out to the end of the stream, behind an inline
        // script (hidden without JavaScript). See components/ui/deferHydration.tsx.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          if (readyEvent === "onShellReady") sendDocument();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (readyEvent === "onAllReady") sendDocument();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell is out are logged here; earlier ones reach onShellError.
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
    abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** Every error a loader, action or render throws on the server is logged once, here. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // React Router refuses an action whose Origin is another site (cross-site request forgery):
  // an attack or a misconfigured proxy (see TRUST_PROXY), not a bug in the shop.
  if (error instanceof Error && error.message.includes("does not match `origin` header")) {
    logger.warn({ path: pathOf(request.url), origin: request.headers.get("origin") }, "cross-site action refused");
    return;
  }
  logger.error({ err: error, path: pathOf(request.url) }, "unhandled server error");
};
