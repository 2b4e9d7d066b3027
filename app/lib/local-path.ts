const BASE = "http://local-path.invalid";

/**
 * A redirect target a visitor may choose (`redirectTo`): a path on this site, returned in the
 * form a Location header can carry, or undefined. Refused: anything that leaves the site (a
 * scheme, a protocol-relative `//host`, backslash tricks browsers read as `//`) and control
 * characters or whitespace. Other characters (Arabic in a search, for instance) come back
 * percent-encoded: a header holds only ASCII, and an unencoded one made the redirect fail.
 */
export function localPath(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (!/^\/(?![/\\])/.test(value) || /[\\\s\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
