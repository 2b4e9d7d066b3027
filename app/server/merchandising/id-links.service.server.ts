import type { Kysely } from "kysely";
import { collectionPath, customPagePath, merchIdLinkOf } from "~/lib/merchandising";
import type { Database } from "../db/database.server";
import { selectActiveCollectionsBySlugOrId } from "./collections.repo.server";
import { selectActiveCustomPagesBySlugOrId } from "./custom-pages.repo.server";

/**
 * Id links: `/collections/{id}` and `/pages/{id}` (the addresses tracking links of the old shop
 * used) move permanently to the active collection's or page's slug address.
 *
 * Which wins when the number is also a slug: the slug. Slugs may be digits, and a collection or
 * page shown at its own address must never be taken away by another one's id; the id only
 * answers where no active collection (page) has that slug. This is also what keeps a redirect
 * from looping: the target is the record's own slug, which then finds that record by slug.
 * Inactive and unknown ids move nowhere (their page answers 404).
 */

/** An active collection's slug by id, or null (unknown, inactive, or `slug` is an active one's slug). */
export async function activeCollectionSlugForIdLink(db: Kysely<Database>, key: string, id: number): Promise<string | null> {
  return slugForIdLink(await selectActiveCollectionsBySlugOrId(db, key, id), key, id);
}

/** An active custom page's slug by id, or null (unknown, inactive, or `slug` is an active one's slug). */
export async function activeCustomPageSlugForIdLink(db: Kysely<Database>, key: string, id: number): Promise<string | null> {
  return slugForIdLink(await selectActiveCustomPagesBySlugOrId(db, key, id), key, id);
}

function slugForIdLink(rows: readonly { id: number; slug: string }[], key: string, id: number): string | null {
  if (rows.some((row) => row.slug === key)) return null;
  return rows.find((row) => Number(row.id) === id)?.slug ?? null;
}

/**
 * Where an id link's address moves to: the slug address with the query kept as it is (`?ref=`,
 * `?lng=` and the rest), or null when `url` is no id link that moves (see above).
 */
export async function idLinkRedirect(db: Kysely<Database>, url: URL): Promise<string | null> {
  const link = merchIdLinkOf(url.pathname);
  if (!link) return null;
  if (link.kind === "collection") {
    const slug = await activeCollectionSlugForIdLink(db, link.key, link.id);
    return slug === null ? null : `${collectionPath(slug)}${url.search}`;
  }
  const slug = await activeCustomPageSlugForIdLink(db, link.key, link.id);
  return slug === null ? null : `${customPagePath(slug)}${url.search}`;
}
