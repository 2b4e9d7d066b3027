import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// Merchandising: collections and custom landing pages, each with an ordered
// product list, and the sections the merchant composes storefront pages from. Images are stored
// as columns (base URL of the WebP variants + intrinsic size + widths, like product_images).
// Product lists are keyed by (owner, position); a product appears once per list. Sections of one
// page have distinct display_order values (unique index): moves swap through a temporary value.
// Timestamps are ISO-8601 UTC text.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("collections")
    .addColumn("id", postgres ? "serial" : "integer", (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("banner_url", "text")
    .addColumn("banner_width", "integer")
    .addColumn("banner_height", "integer")
    .addColumn("banner_widths", "text")
    .addColumn("is_featured", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("is_active", "boolean", (col) => col.notNull().defaultTo(true))
    .addColumn("display_order", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("meta_title", "text")
    .addColumn("meta_description", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("collections_order").on("collections").columns(["display_order", "id"]).execute();

  await db.schema
    .createTable("collection_products")
    .addColumn("collection_id", "integer", (col) => col.notNull().references("collections.id").onDelete("cascade"))
    .addColumn("product_id", "text", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull().check(sql`position >= 0`))
    .addPrimaryKeyConstraint("collection_products_pk", ["collection_id", "position"])
    .addUniqueConstraint("collection_products_once", ["collection_id", "product_id"])
    .execute();
  await db.schema.createIndex("collection_products_product").on("collection_products").column("product_id").execute();

  await db.schema
    .createTable("custom_pages")
    .addColumn("id", postgres ? "serial" : "integer", (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("hero_url", "text")
    .addColumn("hero_width", "integer")
    .addColumn("hero_height", "integer")
    .addColumn("hero_widths", "text")
    .addColumn("meta_title", "text")
    .addColumn("meta_description", "text")
    .addColumn("is_active", "boolean", (col) => col.notNull().defaultTo(true))
    .addColumn("display_order", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("page_type", "text", (col) => col.notNull().defaultTo("landing"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("page_products")
    .addColumn("page_id", "integer", (col) => col.notNull().references("custom_pages.id").onDelete("cascade"))
    .addColumn("product_id", "text", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull().check(sql`position >= 0`))
    .addPrimaryKeyConstraint("page_products_pk", ["page_id", "position"])
    .addUniqueConstraint("page_products_once", ["page_id", "product_id"])
    .execute();
  await db.schema.createIndex("page_products_product").on("page_products").column("product_id").execute();

  await db.schema
    .createTable("page_sections")
    .addColumn("id", postgres ? "serial" : "integer", (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("page_identifier", "text", (col) => col.notNull())
    .addColumn("section_type", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("subtitle", "text")
    .addColumn("collection_id", "integer", (col) => col.references("collections.id").onDelete("set null"))
    .addColumn("display_order", "integer", (col) => col.notNull())
    .addColumn("is_active", "boolean", (col) => col.notNull().defaultTo(true))
    .addColumn("settings", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  // Two sections of one page never share an order, whatever two admins do at once.
  await db.schema
    .createIndex("page_sections_order")
    .on("page_sections")
    .columns(["page_identifier", "display_order"])
    .unique()
    .execute();
  await db.schema.createIndex("page_sections_collection").on("page_sections").column("collection_id").execute();

  await db.schema
    .createTable("page_section_products")
    .addColumn("section_id", "integer", (col) => col.notNull().references("page_sections.id").onDelete("cascade"))
    .addColumn("product_id", "text", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull().check(sql`position >= 0`))
    .addPrimaryKeyConstraint("page_section_products_pk", ["section_id", "position"])
    .addUniqueConstraint("page_section_products_once", ["section_id", "product_id"])
    .execute();
  await db.schema.createIndex("page_section_products_product").on("page_section_products").column("product_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("page_section_products").execute();
  await db.schema.dropTable("page_sections").execute();
  await db.schema.dropTable("page_products").execute();
  await db.schema.dropTable("custom_pages").execute();
  await db.schema.dropTable("collection_products").execute();
  await db.schema.dropTable("collections").execute();
}
