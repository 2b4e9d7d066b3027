import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

/** Text files of the client build that are stored compressed beside themselves. */
const PRECOMPRESSED = /\.(js|mjs|css|svg|json|txt|html)$/;

/**
 * Every script and style sheet of the client build also written as `.br` (quality 11) and `.gz`
 * (level 9), however small, when that is smaller: the server sends those with their
 * Content-Encoding (app/server/http/precompressed-assets.server.ts) instead of compressing the
 * same bytes on every request, where `compression` leaves anything under 1 KB as it is
 * (docs/decisions/0037-load-shedding.md).
 */
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  const deflate = promisify(gzip);
  return {
    name: "souq:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = Object.keys(bundle).filter((name) => PRECOMPRESSED.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(dir, name);
          const body = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
            deflate(body, { level: 9 }),
          ]);
          if (br.length < body.length) await writeFile(`${path}.br`, br);
          if (gz.length < body.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // The server bundle's entry is our Express app (which itself imports the
    // React Router server build), so one `import()` in server.js boots everything.
    rollupOptions: isSsrBuild ? { input: "./app/server/http/app.server.ts" } : undefined,
  },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
}));
