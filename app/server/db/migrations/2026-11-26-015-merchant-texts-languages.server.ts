import type { Kysely } from "kysely";

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL.
//
// The merchant's texts in English and French beside the Arabic ones: every text column of
// collections and custom_pages (title, description, meta title, meta description) and of
// page_sections (title, subtitle) gets an `_en` and an `_fr` twin. All nullable: null (or blank)
// means "show the Arabic text", so the rows stored before this migration read as they did.

const TEXT_COLUMNS: Record<string, readonly string[]> = {
  collections: ["title", "description", "meta_title", "meta_description"],
  custom_pages: ["title", "description", "meta_title", "meta_description"],
  page_sections: ["title", "subtitle"],
};

const LANGUAGES = ["en", "fr"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(TEXT_COLUMNS)) {
    for (const column of columns) {
      for (const language of LANGUAGES) {
        await db.schema.alterTable(table).addColumn(`${column}_${language}`, "text").execute();
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of Object.entries(TEXT_COLUMNS)) {
    for (const column of [...columns].reverse()) {
      for (const language of [...LANGUAGES].reverse()) {
        await db.schema.alterTable(table).dropColumn(`${column}_${language}`).execute();
      }
    }
  }
}
