// The Node options the shop's server runs with, wherever it starts: `npm start` (package.json),
// the Docker image (Dockerfile CMD), the systemd unit (docs/deploy.md), and the tests and bench
// that start server.js. scripts/deploy-files.test.ts checks that every one of them says the same.
//
// --max-old-space-size=512: V8 sizes its heap limit from the machine's memory (a quarter of it,
// at most 4 GB) and, when that limit is 2 GB or more, lets the heap grow to four times what is
// live before a full collection, so on a large machine the server held many times the memory
// its live objects needed. A 512 MB limit, what V8 picks by itself on a 2 GB host, keeps that
// growth small without costing throughput; with createHttpServer
// (app/server/http/http-server.server.ts) it keeps the server's resident memory within the
// bench's budget (docs/decisions/0019-server-heap-and-request-prototypes.md). The server's live
// heap is far below 512 MB: page bodies are Buffers, outside it.
export const SERVER_NODE_ARGS = ["--max-old-space-size=512"];
