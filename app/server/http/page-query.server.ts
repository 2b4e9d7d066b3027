import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { declaredQuery, isMarketingParameter, keptQuery } from "~/lib/page-query";

const KEPT_BY_PATH_MAX = 1_000;

/** What the route tree needs from the server build to match a path (matchRoutes' shape). */
interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: RouteNode[];
}

/**
 * The address a page is cached and rendered under (app/lib/page-query.ts, decision 0022): the
 * URL with only the query parameters its matched routes declare in their `handle`, ordered by
 * name. Made once from the server build: the union of every declared name lets the common case
 * (no query, or only undeclared parameters such as an ad's fbclid) skip route matching.
 */
export function pageAddress(routes: ServerBuild["routes"]): (url: URL) => string {
  const nodes = new Map<string, RouteNode>();
  const declared = new Map<string, readonly string[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: [] });
    declared.set(route.id, declaredQuery(route.module.handle));
  }
  const tree: RouteNode[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : tree).push(node);
  }
  const anywhere = new Set([...declared.values()].flat());
  for (const name of anywhere) {
    // A route reading one of them would split the cache per ad click again.
    if (isMarketingParameter(name) || name === "lng" || name === "ref") throw new Error(`A route declares the query parameter "${name}"`);
  }

  const keptByPath = new Map<string, ReadonlySet<string>>();
  return function address(url: URL): string {
    const base = `${url.origin}${url.pathname}`;
    if (keptQuery(url.search, anywhere) === "") return base;
    let kept = keptByPath.get(url.pathname);
    if (!kept) {
      const matches = matchRoutes(tree as RouteObject[], url.pathname) ?? [];
      kept = new Set(matches.flatMap((match) => declared.get(match.route.id ?? "") ?? []));
      // matchRoutes ranks the whole route table on every call: remember the answer for the
      // pages asked for often, in a bounded table (made-up paths only cost a match).
      if (keptByPath.size >= KEPT_BY_PATH_MAX) keptByPath.clear();
      keptByPath.set(url.pathname, kept);
    }
    return `${base}${keptQuery(url.search, kept)}`;
  };
}
