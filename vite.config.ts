import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // The server bundle's entry is our Express app (which itself imports the
    // React Router server build), so one `import()` in server.js boots everything.
    rollupOptions: isSsrBuild ? { input: "./app/server/http/app.server.ts" } : undefined,
  },
  plugins: [tailwindcss(), reactRouter()],
}));
