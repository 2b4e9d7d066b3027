// The rules a machine checks (`npm run lint`, part of `npm test`): the recommended sets of ESLint
// and typescript-eslint (syntax only, no type information: it stays fast), the rules of hooks, no
// import cycle, and the layering of the code (docs/architecture.md):
// - a route reaches a domain only through its public module `~/server/<domain>/index.server`
//   (plus the HTTP layer `~/server/http/*` and the infrastructure: `~/server/db/*`,
//   `~/server/env.server`, `~/server/logger.server`, `~/server/i18n.server`), and never a repository;
// - routes and `app/server/http/` are the only HTTP layer: no react-router, Request, Response
//   or requireAdmin in the domain folders, and no view component imported by the server;
// - a repository (`*.repo.server`) is private to its folder;
// - `app/lib/` holds pure rules: nothing from the server or the components.
// tests/lint/boundaries.test.ts proves that each of these rules fails on a breach.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

/** What Node offers the plain JavaScript files (server.js, scripts/*.js). */
const nodeGlobals = Object.fromEntries(
  [
    "process",
    "console",
    "Buffer",
    "URL",
    "URLSearchParams",
    "fetch",
    "AbortController",
    "AbortSignal",
    "setTimeout",
    "clearTimeout",
    "setInterval",
    "clearInterval",
    "structuredClone",
  ].map((name) => [name, "readonly"]),
);

// A repository is imported only from its own folder: `./<name>.repo.server`.
const privateRepositories = {
  regex: String.raw`^(?!\./[^/]+$).*\.repo\.server(\.ts)?$`,
  message: "A repository is private to its domain folder: call the domain's public module (index.server) instead.",
};

const routePatterns = [
  privateRepositories,
  {
    regex: String.raw`^~/server/(?!http/|db/|env\.server$|logger\.server$|i18n\.server$|[^/]+/index\.server$)`,
    message:
      "A route reaches a domain through its public module ~/server/<domain>/index.server (or ~/server/http/*, ~/server/db/*, ~/server/env.server, ~/server/logger.server, ~/server/i18n.server).",
  },
  {
    regex: String.raw`^(\.\./)+server/`,
    message: "Import the server through ~/server/<domain>/index.server.",
  },
];

const serverPatterns = [
  privateRepositories,
  {
    regex: String.raw`^@react-router/`,
    message: "HTTP belongs to app/routes and app/server/http: a domain module returns values and throws domain errors.",
  },
  {
    regex: String.raw`^(~/components/|(\.\./)+components/)`,
    message: "The server imports no component: view types live in app/lib or beside the component.",
  },
];

// Inside app/server, a domain (or the HTTP layer) reaches another domain only through its public
// module; the shared infrastructure (db/, env, logger, translator, reference cache, request
// context) is open to all. A domain never calls the HTTP layer.
const otherDomainsThroughIndex = {
  regex: String.raw`^(\.\./|~/server/)(?!db/|boot\.server$|env\.server$|logger\.server$|i18n\.server$|reference-cache\.server$|request-context\.server$|[^/]+/index\.server$)`,
  message: "Another domain is reached through its public module (../<domain>/index.server); a domain never imports the HTTP layer.",
};

// A domain's sub-folder (couriers/adapters/) is part of its domain: `../` stays inside it, and
// another domain is `../../<domain>/index.server`.
const otherDomainsThroughIndexFromSubfolder = {
  regex: String.raw`^(\.\./\.\./|~/server/)(?!db/|boot\.server$|env\.server$|logger\.server$|i18n\.server$|reference-cache\.server$|request-context\.server$|[^/]+/index\.server$)`,
  message: otherDomainsThroughIndex.message,
};

const componentPatterns = [
  privateRepositories,
  {
    regex: String.raw`^(~/server|(\.\./)+server)(/|$)`,
    message: "A component never reaches the server: a type both sides need lives in app/lib.",
  },
];

const libPatterns = [
  privateRepositories,
  {
    regex: String.raw`^(~/server|(\.\./)+server)(/|$)`,
    message: "app/lib holds pure rules: it imports nothing from the server.",
  },
  {
    regex: String.raw`^(~/components|(\.\./)+components)(/|$)`,
    message: "app/lib holds pure rules: it imports no component.",
  },
];

const httpOutsideHttp = "HTTP belongs to app/routes and app/server/http: a domain module returns values and throws domain errors.";

export default defineConfig(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "reports/",
      "test-results/",
      "coverage/",
      "public/",
      "data/",
      "backups/",
      "tests/lint/fixtures/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: "latest", sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_name`: a parameter or binding kept for its position, deliberately unused.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // A `let` that closures read before its one assignment (a timer cleared by callbacks) stays a `let`.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ["**/*.js"],
    languageOptions: { globals: nodeGlobals },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // No import cycle anywhere (type-only imports excepted: they vanish at run time).
    files: ["**/*.{ts,tsx,js}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": "error",
    },
  },
  {
    // A migration takes Kysely<any>: it must not depend on the schema's type of today.
    files: ["app/server/db/migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  // The layering. Each file gets one list of restricted imports (a later entry replaces an earlier one).
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [privateRepositories] }] },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: routePatterns }] },
  },
  {
    files: ["app/server/**/*.{ts,tsx}"],
    ignores: ["app/server/http/**"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "react-router", message: httpOutsideHttp }], patterns: serverPatterns }],
      "no-restricted-syntax": [
        "error",
        { selector: "TSTypeReference[typeName.name=/^(Request|Response)$/]", message: httpOutsideHttp },
        { selector: "NewExpression[callee.name='Response']", message: httpOutsideHttp },
        { selector: "CallExpression[callee.object.name='Response']", message: httpOutsideHttp },
        {
          selector: "Identifier[name='requireAdmin']",
          message: "requireAdmin is the HTTP layer's: a route (or app/server/http) checks the session.",
        },
      ],
    },
  },
  {
    // The domain folders (db/ is the infrastructure every domain stands on; it also gathers the table types).
    files: ["app/server/*/**/*.{ts,tsx}"],
    ignores: ["app/server/http/**", "app/server/db/**", "**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "react-router", message: httpOutsideHttp }], patterns: [...serverPatterns, otherDomainsThroughIndex] },
      ],
    },
  },
  {
    files: ["app/server/*/*/**/*.{ts,tsx}"],
    ignores: ["app/server/http/**", "app/server/db/**", "**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "react-router", message: httpOutsideHttp }], patterns: [...serverPatterns, otherDomainsThroughIndexFromSubfolder] },
      ],
    },
  },
  {
    files: ["app/server/http/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [privateRepositories, otherDomainsThroughIndex] }] },
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: componentPatterns }] },
  },
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: libPatterns }] },
  },
);
