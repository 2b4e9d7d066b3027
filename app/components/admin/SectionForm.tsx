import { FormErrorSummary } from "~/components/ui/FormErrorSummary";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useNavigation } from "react-router";
import { MERCH_LIMITS, SECTION_TYPES, type PickerProduct } from "~/lib/merchandising";
import type { SectionFormValues } from "~/lib/merchandising.schema";
import { ProductPicker } from "./ProductPicker";
import { TranslatedTexts } from "./TranslatedTexts";

/** A collection a collection-slider section may show. */
export interface CollectionOption {
  id: number;
  title: string;
  isActive: boolean;
}

const inputClass =
  "mt-1 block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base focus:border-brand-700 focus:outline-none aria-[invalid=true]:border-red-600";
const labelClass = "block text-sm font-medium text-stone-800";

function Required() {
  return (
    <span className="text-red-700" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

/**
 * Adds or edits one section of a page (urlencoded POST, intent=save, the contract's field names).
 * The product picker lists every product; the collection select matters for collection-slider.
 */
export function SectionForm({
  sectionId,
  values,
  products,
  collections,
  action,
  cancelTo,
  invalidField,
  error,
}: {
  /** null for a new section. */
  sectionId: number | null;
  values: SectionFormValues;
  products: PickerProduct[];
  collections: CollectionOption[];
  action: string;
  /** Where "cancel" leads while editing. */
  cancelTo: string | null;
  invalidField: string | null;
  error: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const invalid = (name: string) => (invalidField === name ? true : undefined);
  return (
    <Form method="post" action={action} noValidate className="space-y-4" data-testid="section-form" preventScrollReset>
      <h2 className="text-lg font-semibold text-stone-900">
        {sectionId === null ? t("adminMerchandising.layouts.add") : t("adminMerchandising.layouts.editSection")}
      </h2>
      <FormErrorSummary errors={invalidField} />
      {error}
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="id" value={sectionId ?? ""} />
      <input type="hidden" name="pageIdentifier" value={values.pageIdentifier} />

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="section-type" className={labelClass}>
            {t("adminMerchandising.layouts.sectionType")}
            <Required />
          </label>
          <select id="section-type" name="sectionType" defaultValue={values.sectionType} aria-invalid={invalid("sectionType")} className={inputClass}>
            <option value="">{t("adminMerchandising.layouts.chooseType")}</option>
            {SECTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`adminMerchandising.layouts.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="section-title" className={labelClass}>
            {t("adminMerchandising.layouts.sectionTitle")}
            <Required />
          </label>
          <input
            id="section-title"
            name="title"
            defaultValue={values.title}
            maxLength={MERCH_LIMITS.title}
            aria-invalid={invalid("title")}
            dir="auto"
            className={inputClass}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="section-subtitle" className={labelClass}>
            {t("adminMerchandising.layouts.subtitle")}
          </label>
          <input
            id="section-subtitle"
            name="subtitle"
            defaultValue={values.subtitle}
            maxLength={MERCH_LIMITS.subtitle}
            aria-invalid={invalid("subtitle")}
            dir="auto"
            className={inputClass}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="section-collection" className={labelClass}>
            {t("adminMerchandising.layouts.collection")}
          </label>
          <select
            id="section-collection"
            name="collectionId"
            defaultValue={values.collectionId}
            aria-invalid={invalid("collectionId")}
            aria-describedby="section-collection-hint"
            className={inputClass}
          >
            <option value="">{t("adminMerchandising.layouts.noCollection")}</option>
            {collections.map((collection) => (
              <option key={collection.id} value={String(collection.id)}>
                {collection.isActive ? collection.title : t("adminMerchandising.layouts.inactiveCollection", { title: collection.title })}
              </option>
            ))}
          </select>
          <p id="section-collection-hint" className="mt-1 text-xs text-stone-500">
            {t("adminMerchandising.layouts.collectionHint")}
          </p>
        </div>
      </div>

      <TranslatedTexts
        idPrefix="section"
        texts={[
          { name: "title", label: t("adminMerchandising.layouts.sectionTitle"), maxLength: MERCH_LIMITS.title },
          { name: "subtitle", label: t("adminMerchandising.layouts.subtitle"), maxLength: MERCH_LIMITS.subtitle },
        ]}
        values={values}
        invalidField={invalidField}
        className="rounded-lg border border-stone-200 p-3"
      />

      <ProductPicker initial={products} availableOnly={false} invalid={invalidField === "productIds"} />

      <label className="flex min-h-11 items-center gap-3 text-base font-medium text-stone-800">
        <input type="checkbox" name="isActive" defaultChecked={values.isActive} className="size-5 accent-brand-700" />
        {t("adminMerchandising.layouts.active")}
      </label>

      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={saving}
          className="h-12 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          data-testid="section-save"
        >
          {saving ? t("adminMerchandising.common.saving") : t("adminMerchandising.layouts.save")}
        </button>
        {cancelTo ? (
          <Link
            to={cancelTo}
            preventScrollReset
            className="inline-flex h-12 items-center rounded-lg border border-stone-300 bg-white px-5 font-medium hover:bg-stone-100"
          >
            {t("adminMerchandising.common.cancel")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
