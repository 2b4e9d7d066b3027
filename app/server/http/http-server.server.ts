import type { Express } from "express";
import { createServer, IncomingMessage, ServerResponse, type Server } from "node:http";
import type { Socket } from "node:net";

/**
 * The HTTP server for an Express application, built so that every request and response object
 * is born with the application's prototypes (`app.request`, `app.response`).
 *
 * Why: Express gives each request and response its own prototype with `Object.setPrototypeOf`,
 * and a mounted sub-application swaps them again on the way in and out. Changing the prototype
 * of a freshly made object makes V8 keep much of what the request allocates alive across young
 * collections. The old generation then fills with dead requests, V8 grows the heap well beyond
 * its live set before each full collection, and the server's resident memory leaves the bench's
 * budget (docs/decisions/0019-server-heap-and-request-prototypes.md; figures in
 * docs/performance.md). With the right prototype from birth, Express's `setPrototypeOf` is a
 * no-op (V8 returns at once when the prototype is already the one asked for).
 *
 * Only the outermost application may come here; anything mounted inside it should be a Router
 * (a mounted application swaps the prototypes again).
 */
export function createHttpServer(app: Express): Server {
  // Plain constructor functions: Node's http server calls `new IncomingMessage(socket)` and
  // `new ServerResponse(req, options)`; these run Node's constructors on an object whose
  // prototype chain is app.request → Express's request → IncomingMessage.prototype.
  function AppRequest(this: IncomingMessage, socket: Socket) {
    IncomingMessage.call(this, socket);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: ServerResponse, req: IncomingMessage, options?: object) {
    (ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options?: object) => void).call(this, req, options);
  }
  AppResponse.prototype = app.response;
  return createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof ServerResponse,
    },
    app,
  );
}
