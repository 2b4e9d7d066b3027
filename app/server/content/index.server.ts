/** The static text pages (about, shipping, terms, …). The one way into app/server/content/. */
export * from "./static-pages.server";
