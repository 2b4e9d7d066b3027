import type { TFunction } from "i18next";
import type { Kysely } from "kysely";
import { parseTaxonomyForm, type TaxonomyKind, type TaxonomyNotice, type TaxonomyRefusal } from "~/lib/taxonomy";
import type { Database } from "../db/database.server";
import { logger } from "../logger.server";
import { createCategory, createSection, deleteCategory, deleteSection, updateCategory, updateSection } from "./taxonomy.service.server";

/**
 * The posts of the admin categories and sections pages (one adapter for both: same fields, same
 * rules). A success names the notice the list shows after its redirect; a refusal carries the
 * message and the typed values back to the form.
 */

export type TaxonomyFormResult = { ok: true; notice: TaxonomyNotice } | { ok: false; status: number; refusal: TaxonomyRefusal };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function handleTaxonomyForm(db: Kysely<Database>, kind: TaxonomyKind, form: FormData, t: TFunction): Promise<TaxonomyFormResult> {
  const rawIntent = field(form, "intent");
  const intent = rawIntent === "update" || rawIntent === "delete" ? rawIntent : "create";
  const key = field(form, "key").trim();
  const values = { key: field(form, "key"), name: field(form, "name"), nameEn: field(form, "nameEn"), nameFr: field(form, "nameFr") };
  const refuse = (status: number, message: string): TaxonomyFormResult => ({
    ok: false,
    status,
    refusal: { intent, key, message, values },
  });
  const failure = intent === "delete" ? t(`adminInventory.${kind}.deleteFailed`) : t(`adminInventory.${kind}.saveFailed`);

  try {
    if (intent === "delete") {
      if (kind === "sections") {
        const result = await deleteSection(db, key);
        return result.ok ? { ok: true, notice: "deleted" } : refuse(404, t("adminInventory.sections.notFound"));
      }
      const result = await deleteCategory(db, key, { reassignTo: field(form, "reassignTo") });
      if (result.ok) return { ok: true, notice: "deleted" };
      if (result.error === "in_use") return refuse(409, t("adminInventory.categories.inUse"));
      if (result.error === "invalid_target") return refuse(400, t("adminInventory.categories.invalidTarget"));
      return refuse(404, t("adminInventory.categories.notFound"));
    }

    // An edit never reads a key from the form's fields: the row's key is fixed after creation.
    const parsed = parseTaxonomyForm(values, { requireKey: intent === "create" });
    if (!parsed.ok) return refuse(400, t(`adminInventory.taxonomyErrors.${parsed.error}`));

    if (intent === "update") {
      const result = kind === "categories" ? await updateCategory(db, key, parsed.value) : await updateSection(db, key, parsed.value);
      return result.ok ? { ok: true, notice: "saved" } : refuse(404, t(`adminInventory.${kind}.notFound`));
    }

    const result = kind === "categories" ? await createCategory(db, parsed.value) : await createSection(db, parsed.value);
    if (!result.ok) return refuse(409, t(`adminInventory.${kind}.taken`, { slug: parsed.value.key, id: parsed.value.key }));
    return { ok: true, notice: "created" };
  } catch (error) {
    logger.error({ err: error, kind, intent, key }, "admin taxonomy write failed");
    return refuse(500, failure);
  }
}
