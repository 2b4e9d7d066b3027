import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("categories")
    .addColumn("slug", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("name_en", "text")
    .addColumn("name_fr", "text")
    .addColumn("description", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("sections")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("name_en", "text")
    .addColumn("name_fr", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("title_en", "text")
    .addColumn("title_fr", "text")
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("description_en", "text")
    .addColumn("description_fr", "text")
    .addColumn("price", "integer", (col) => col.notNull().check(sql`price >= 0`))
    .addColumn("compare_at_price", "integer", (col) =>
      col.notNull().defaultTo(0).check(sql`compare_at_price >= 0`),
    )
    .addColumn("section_id", "text", (col) => col.references("sections.id").onDelete("set null"))
    .addColumn("category", "text", (col) => col.references("categories.slug").onDelete("set null"))
    .addColumn("in_stock", "boolean", (col) => col.notNull().defaultTo(true))
    .addColumn("has_variants", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("stock_quantity", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("low_stock_threshold", "integer", (col) => col.notNull().defaultTo(5))
    .addColumn("sku", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createIndex("products_section_listing")
    .on("products")
    .columns(["section_id", "in_stock", "created_at"])
    .execute();
  await db.schema
    .createIndex("products_category_listing")
    .on("products")
    .columns(["category", "in_stock", "created_at"])
    .execute();

  await db.schema
    .createTable("product_images")
    .addColumn("id", postgres ? "serial" : "integer", (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("product_id", "text", (col) =>
      col.notNull().references("products.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("alt", "text", (col) => col.notNull().defaultTo(""))
    .addUniqueConstraint("product_images_order", ["product_id", "position"])
    .execute();

  await db.schema
    .createTable("wilayas")
    .addColumn("code", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("name_ar", "text", (col) => col.notNull())
    .addColumn("home_price", "integer", (col) => col.notNull().check(sql`home_price >= 0`))
    .addColumn("delivery_time", "text", (col) => col.notNull())
    .addColumn("zone", "text", (col) => col.notNull().check(sql`zone in ('A', 'B', 'C', 'D')`))
    .addColumn("parent_code", "text", (col) => col.references("wilayas.code"))
    .addColumn("active", "boolean", (col) => col.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("wilayas").execute();
  await db.schema.dropTable("product_images").execute();
  await db.schema.dropTable("products").execute();
  await db.schema.dropTable("sections").execute();
  await db.schema.dropTable("categories").execute();
}
