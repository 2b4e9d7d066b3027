/** What search engines read: the sitemap's entries and its XML. The one way into app/server/seo/. */
export * from "./sitemap.server";
