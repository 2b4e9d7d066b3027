/** Uploaded images: checked, stored as WebP variants, deleted. The one way into app/server/images/. */
export * from "./images.server";
export * from "./uploads.server";
