/**
 * The Host a request may name (docs/decisions/0021-one-origin-rule.md). Without PUBLIC_URL the
 * shop builds its absolute links (canonical, Open Graph, sitemap, QR codes) from the request's
 * host, and caches the pages: a host the shop does not answer to would end up in other
 * visitors' pages. Any other host answers 400.
 */

/** A host name (or bracketed IPv6 address) and, when given, the only port it may carry. */
export interface HostRule {
  name: string;
  port?: number;
}

/** A host header: name or [IPv6], optional port. Nothing else can appear in a URL's authority. */
const AUTHORITY = /^([a-z0-9](?:[a-z0-9_.-]*[a-z0-9])?\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/;

/** Host (or X-Forwarded-Host from a trusted proxy) → name and port; undefined when malformed. */
export function parseAuthority(value: string | undefined): { name: string; port?: number } | undefined {
  const match = AUTHORITY.exec((value ?? "").trim().toLowerCase());
  if (!match) return undefined;
  const name = match[1]!.replace(/\.$/, "");
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65_535)) return undefined;
  return { name, port };
}

export const ALLOWED_HOSTS_MESSAGE =
  "must be a comma-separated list of host names, each with an optional :port (e.g. shop.example.com, www.shop.example.com)";

/** ALLOWED_HOSTS → rules; undefined when an entry is not a host. */
export function parseAllowedHosts(raw: string): HostRule[] | undefined {
  const rules: HostRule[] = [];
  for (const entry of raw.split(",")) {
    const rule = parseAuthority(entry);
    if (!rule) return undefined;
    rules.push(rule);
  }
  return rules;
}

/** The listen address as a host name: undefined for the wildcards (0.0.0.0, ::), IPv6 bracketed. */
function listenName(host: string): string | undefined {
  const name = host.trim().toLowerCase();
  if (name === "" || name === "0.0.0.0" || name === "::" || name === "[::]") return undefined;
  return name.includes(":") && !name.startsWith("[") ? `[${name}]` : name;
}

export interface HostSettings {
  ALLOWED_HOSTS?: HostRule[];
  PUBLIC_URL?: string;
  HOST: string;
  PORT: number;
}

/**
 * The hosts the shop answers to: ALLOWED_HOSTS when set, else the address it listens on (unless
 * it listens on every interface) and the loopback names; PUBLIC_URL's host always.
 */
export function allowedHosts(config: HostSettings): HostRule[] {
  const rules: HostRule[] = config.ALLOWED_HOSTS ? [...config.ALLOWED_HOSTS] : [];
  if (!config.ALLOWED_HOSTS) {
    const listening = listenName(config.HOST);
    for (const name of [listening, "localhost", "127.0.0.1", "[::1]"]) if (name) rules.push({ name });
  }
  if (config.PUBLIC_URL) {
    const url = new URL(config.PUBLIC_URL);
    rules.push({ name: url.hostname.toLowerCase(), ...(url.port ? { port: Number(url.port) } : {}) });
  }
  return rules;
}

/**
 * Whether `value` (a Host header) names an allowed host. A rule with a port takes only that port;
 * one without takes no port (the default port of the scheme, as behind a proxy) or the port the
 * server listens on (direct access), never another: a link to shop.example:1234 would be broken.
 */
export function isAllowedHost(value: string | undefined, rules: readonly HostRule[], listenPort: number): boolean {
  const authority = parseAuthority(value);
  if (!authority) return false;
  return rules.some(
    (rule) =>
      rule.name === authority.name &&
      (rule.port === undefined ? authority.port === undefined || authority.port === listenPort : authority.port === rule.port),
  );
}
