/**
 * Small, rarely changing reference data the storefront pages read on every request (the
 * categories with their counts, the delivery fees of the wilayas, the merchant's page layouts,
 * the featured collections), kept in this process's memory so a page answers from the database
 * in one or two round trips (docs/decisions/0017-reference-cache-and-prepared-reads.md).
 *
 * Freshness: an entry lives REFERENCE_TTL_MS (5 s) at most, the pages' own shared-cache lifetime
 * (s-maxage=5, page-headers.server.ts), and every admin write that changes such data forgets them
 * all in this process (invalidateReferenceData, called by the catalogue, delivery and
 * merchandising services). In a fleet (several processes on one PostgreSQL) another process's
 * copy catches up within those 5 s, as its page cache does: no page shows anything older than the
 * page cache already allows. Orders do not invalidate (the counts of in-stock products may lag
 * 5 s, as the cached pages do); an order always checks stock and fees in the database itself.
 *
 * Entries are kept per database instance (a WeakMap: each test database has its own), a load in
 * flight is shared by every request asking meanwhile, and a failed load is not kept.
 */
export const REFERENCE_TTL_MS = 5_000;

interface Entry {
  generation: number;
  expires: number;
  value: Promise<unknown>;
}

const caches = new WeakMap<object, Map<string, Entry>>();
/** Raised by every invalidation: entries of an older generation are stale, even a load in flight. */
let generation = 0;

export function cachedReference<T>(db: object, key: string, load: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  let entries = caches.get(db);
  if (!entries) {
    entries = new Map();
    caches.set(db, entries);
  }
  const found = entries.get(key);
  const time = now();
  if (found && found.generation === generation && found.expires > time) return found.value as Promise<T>;
  const entry: Entry = { generation, expires: time + REFERENCE_TTL_MS, value: load() };
  entries.set(key, entry);
  entry.value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return entry.value as Promise<T>;
}

/** Forgets every cached reference datum (after an admin write to categories, products, stock, fees or layouts). */
export function invalidateReferenceData(): void {
  generation++;
}
