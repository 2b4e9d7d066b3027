/** True when an If-None-Match header names `etag` (or is `*`); weak validators compare equal (RFC 9110 weak comparison). */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
