import { FormErrorSummary } from "~/components/ui/FormErrorSummary";
import type { ChangeEvent, ComponentProps, ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, useNavigation } from "react-router";
import {
  MAX_IMAGE_MEGABYTES,
  MAX_IMAGES_PER_UPLOAD,
  offerFieldName,
  PAGE_TARGETS,
  presetFor,
  type OfferFormRow,
  type ProductFormValues,
} from "~/lib/admin-product";
import type { ProductErrorKey, ProductFieldName } from "~/lib/admin-product.schema";
import { FormField, onSlugInput } from "./FormField";
import { VariantsEditor } from "./VariantsEditor";

export interface Option {
  value: string;
  label: string;
}

const inputClass =
  "mt-1 block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base focus:border-brand-700 focus:outline-none aria-[invalid=true]:border-red-600";

/** A product form field: the shared FormField, with its error key translated. */
function Field({ error, ...props }: Omit<ComponentProps<typeof FormField>, "idPrefix" | "error"> & { error?: ProductErrorKey }) {
  const { t } = useTranslation();
  return <FormField idPrefix="product" error={error ? t(`adminProducts.errors.${error}`) : undefined} {...props} />;
}

/** aria attributes tying an input to its hint and error. */
function described(name: string, error: ProductErrorKey | undefined, hint: boolean) {
  const ids = [hint ? `product-${name}-hint` : null, error ? `product-${name}-error` : null].filter(Boolean);
  return {
    id: `product-${name}`,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.length > 0 ? ids.join(" ") : undefined,
  } as const;
}

type OfferKey = Parameters<typeof offerFieldName>[1];

const offerLabelClass = "block text-sm font-medium text-stone-800";

/** Each offer label's input: its field, its language and its writing direction. */
const OFFER_LABELS = [
  { key: "labelAr", language: "ar", dir: "rtl" },
  { key: "labelEn", language: "en", dir: "ltr" },
  { key: "labelFr", language: "fr", dir: "ltr" },
] as const;

/** One labelled text input of an offer row, named offers[index].key and filled from the row. */
function OfferInput({
  index,
  field,
  row,
  label,
  ...props
}: { index: number; field: Exclude<OfferKey, "kind">; row: OfferFormRow; label: string } & Pick<
  ComponentProps<"input">,
  "dir" | "lang" | "inputMode"
>) {
  const id = `product-offer-${index}-${field}`;
  return (
    <label htmlFor={id} className={offerLabelClass}>
      {label}
      <input id={id} name={offerFieldName(index, field)} defaultValue={row[field]} className={inputClass} {...props} />
    </label>
  );
}

/** One quantity offer: its quantity, its kind (percent off or fixed total), its value and its label in each language. */
function OfferRow({ index, row }: { index: number; row: OfferFormRow }) {
  const { t } = useTranslation();
  const kindId = `product-offer-${index}-kind`;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-stone-200 p-3 sm:grid-cols-3" data-testid="offer-row">
      <legend className="px-1 text-sm font-semibold text-stone-700">{t("adminProducts.form.offer", { number: index + 1 })}</legend>
      <OfferInput index={index} field="quantity" row={row} label={t("adminProducts.form.offerQuantity")} inputMode="numeric" dir="ltr" />
      <label htmlFor={kindId} className={offerLabelClass}>
        {t("adminProducts.form.offerKind")}
        <select id={kindId} name={offerFieldName(index, "kind")} defaultValue={row.kind} className={inputClass}>
          <option value="percent">{t("adminProducts.form.offerPercent")}</option>
          <option value="fixed">{t("adminProducts.form.offerFixed")}</option>
        </select>
      </label>
      <OfferInput index={index} field="value" row={row} label={t("adminProducts.form.offerValue")} inputMode="numeric" dir="ltr" />
      {OFFER_LABELS.map(({ key, language, dir }) => (
        <OfferInput
          key={key}
          index={index}
          field={key}
          row={row}
          label={t("adminProducts.form.offerLabel", { language: t(`languageNames.${language}`) })}
          dir={dir}
          lang={language}
        />
      ))}
    </fieldset>
  );
}

/**
 * The product form (create and edit): a multipart POST with intent=save that works without
 * JavaScript. With it, the page-target select fills the section and category at once and the
 * slug is normalised as typed; without it the server does both.
 */
export function ProductForm({
  values,
  fieldErrors,
  categories,
  sections,
  action,
  expectedUpdatedAt,
  imageIds = [],
  children,
}: {
  values: ProductFormValues;
  fieldErrors: Partial<Record<ProductFieldName, ProductErrorKey>>;
  categories: Option[];
  sections: Option[];
  action?: string;
  /** An edit: the product's updated_at when the page loaded, sent back so a save over someone else's newer change is refused. */
  expectedUpdatedAt?: string;
  /** The product's saved images, in order: a variant's picture is chosen among them. */
  imageIds?: readonly number[];
  /** Shown between the images input and the fields (the existing images live outside this form). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const e = fieldErrors;
  const soldByVariants = values.variants.options.length > 0;

  function onTarget(event: ChangeEvent<HTMLSelectElement>) {
    const preset = presetFor(event.currentTarget.value);
    const form = event.currentTarget.form;
    if (!preset || !form) return;
    const section = form.elements.namedItem("sectionId");
    const category = form.elements.namedItem("category");
    if (section instanceof HTMLSelectElement) section.value = preset.sectionId;
    if (category instanceof HTMLSelectElement) category.value = preset.category;
  }

  return (
    <Form method="post" encType="multipart/form-data" action={action} className="space-y-5" data-testid="product-form" noValidate>
      <input type="hidden" name="intent" value="save" />
      <FormErrorSummary errors={fieldErrors} />
      {expectedUpdatedAt ? <input type="hidden" name="expectedUpdatedAt" value={expectedUpdatedAt} /> : null}

      <div className="rounded-xl border border-stone-200 bg-white p-4">
        <label htmlFor="product-images" className="block text-sm font-medium text-stone-800">
          {t("adminProducts.form.addImages")}
        </label>
        <input
          id="product-images"
          name="images"
          type="file"
          multiple
          accept="image/*"
          aria-describedby="product-images-hint"
          className="mt-2 block w-full text-sm file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
        />
        <p id="product-images-hint" className="mt-1 text-xs text-stone-500">
          {t("adminProducts.form.imagesHint", { limit: MAX_IMAGE_MEGABYTES, max: MAX_IMAGES_PER_UPLOAD })}
        </p>
        {children}
      </div>

      <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-4">
        <Field name="target" label={t("adminProducts.form.target")} hint={t("adminProducts.form.targetHint")}>
          <select {...described("target", undefined, true)} defaultValue={values.target} onChange={onTarget} className={inputClass}>
            {PAGE_TARGETS.map((target) => (
              <option key={target} value={target}>
                {t(`adminProducts.form.targets.${target}`)}
              </option>
            ))}
          </select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="sectionId" label={t("adminProducts.form.section")} error={e.sectionId} required>
            <select {...described("sectionId", e.sectionId, false)} defaultValue={values.sectionId} className={inputClass}>
              <option value="">{t("adminProducts.form.choose")}</option>
              {sections.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </Field>
          <Field name="category" label={t("adminProducts.form.category")} error={e.category} required>
            <select {...described("category", e.category, false)} defaultValue={values.category} className={inputClass}>
              <option value="">{t("adminProducts.form.choose")}</option>
              {categories.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </fieldset>

      <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-4">
        <Field name="title" label={t("adminProducts.form.title")} error={e.title} required>
          <input {...described("title", e.title, false)} defaultValue={values.title} className={inputClass} dir="auto" />
        </Field>
        <Field name="slug" label={t("adminProducts.form.slug")} error={e.slug} hint={t("adminProducts.form.slugHint")} required>
          <input
            {...described("slug", e.slug, true)}
            defaultValue={values.slug}
            onInput={onSlugInput}
            className={inputClass}
            dir="ltr"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
        </Field>
        <Field name="description" label={t("adminProducts.form.description")} error={e.description}>
          <textarea
            {...described("description", e.description, false)}
            defaultValue={values.description}
            rows={4}
            className={`${inputClass} h-auto py-2`}
            dir="auto"
          />
        </Field>
        <details className="rounded-lg border border-stone-200 p-3" open={Boolean(values.titleEn || values.titleFr || e.titleEn || e.titleFr)}>
          <summary className="cursor-pointer text-sm font-medium text-stone-800">{t("adminProducts.form.otherLanguages")}</summary>
          <div className="mt-3 space-y-4">
            <Field name="titleEn" label={t("adminProducts.form.titleEn")} error={e.titleEn}>
              <input {...described("titleEn", e.titleEn, false)} defaultValue={values.titleEn} className={inputClass} dir="ltr" lang="en" />
            </Field>
            <Field name="descriptionEn" label={t("adminProducts.form.descriptionEn")} error={e.descriptionEn}>
              <textarea
                {...described("descriptionEn", e.descriptionEn, false)}
                defaultValue={values.descriptionEn}
                rows={3}
                className={`${inputClass} h-auto py-2`}
                dir="ltr"
                lang="en"
              />
            </Field>
            <Field name="titleFr" label={t("adminProducts.form.titleFr")} error={e.titleFr}>
              <input {...described("titleFr", e.titleFr, false)} defaultValue={values.titleFr} className={inputClass} dir="ltr" lang="fr" />
            </Field>
            <Field name="descriptionFr" label={t("adminProducts.form.descriptionFr")} error={e.descriptionFr}>
              <textarea
                {...described("descriptionFr", e.descriptionFr, false)}
                defaultValue={values.descriptionFr}
                rows={3}
                className={`${inputClass} h-auto py-2`}
                dir="ltr"
                lang="fr"
              />
            </Field>
          </div>
        </details>
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2">
        <Field name="price" label={t("adminProducts.form.price")} error={e.price}>
          <input {...described("price", e.price, false)} defaultValue={values.price} inputMode="numeric" className={inputClass} dir="ltr" />
        </Field>
        <Field
          name="compareAtPrice"
          label={t("adminProducts.form.compareAtPrice")}
          error={e.compareAtPrice}
          hint={t("adminProducts.form.compareAtHint")}
        >
          <input
            {...described("compareAtPrice", e.compareAtPrice, true)}
            defaultValue={values.compareAtPrice}
            inputMode="numeric"
            className={inputClass}
            dir="ltr"
          />
        </Field>
        <Field
          name="stockQuantity"
          label={t("adminProducts.form.stockQuantity")}
          error={e.stockQuantity}
          hint={soldByVariants ? t("adminProducts.form.variants.hasVariantsHint") : undefined}
        >
          {/* A product sold by variants has their total as its stock: the save computes it. */}
          <input
            {...described("stockQuantity", e.stockQuantity, soldByVariants)}
            defaultValue={values.stockQuantity}
            readOnly={soldByVariants}
            inputMode="numeric"
            className={`${inputClass} read-only:bg-stone-100`}
            dir="ltr"
          />
        </Field>
        <Field name="lowStockThreshold" label={t("adminProducts.form.lowStockThreshold")} error={e.lowStockThreshold}>
          <input
            {...described("lowStockThreshold", e.lowStockThreshold, false)}
            defaultValue={values.lowStockThreshold}
            inputMode="numeric"
            className={inputClass}
            dir="ltr"
          />
        </Field>
        <Field name="sku" label={t("adminProducts.form.sku")} error={e.sku}>
          <input {...described("sku", e.sku, false)} defaultValue={values.sku} className={inputClass} dir="ltr" />
        </Field>
        <label className="flex min-h-11 items-center gap-3 self-end text-base font-medium text-stone-800">
          <input type="checkbox" name="inStock" defaultChecked={values.inStock} className="size-5 accent-brand-700" />
          {t("adminProducts.form.inStock")}
        </label>
      </fieldset>

      <fieldset
        className="rounded-xl border border-stone-200 bg-white p-4"
        aria-describedby={e.offers ? "product-offers-hint product-offers-error" : "product-offers-hint"}
        data-testid="product-offers"
      >
        <legend className="px-1 text-base font-semibold text-stone-900">{t("adminProducts.form.offers")}</legend>
        <p id="product-offers-hint" className="text-sm text-stone-600">
          {t("adminProducts.form.offersHint")}
        </p>
        {e.offers && (
          <p id="product-offers-error" className="mt-2 text-sm font-medium text-red-700">
            {t(`adminProducts.errors.${e.offers}`)}
          </p>
        )}
        <div className="mt-3 grid gap-3">
          {values.offers.map((row, index) => (
            <OfferRow key={index} index={index} row={row} />
          ))}
        </div>
      </fieldset>

      <VariantsEditor initial={values.variants} imageIds={imageIds} errors={e} />

      <div className="sticky bottom-0 -mx-4 border-t border-stone-200 bg-stone-50/95 px-4 py-3">
        <button
          type="submit"
          disabled={saving}
          className="h-12 w-full rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
          data-testid="product-save"
        >
          {saving ? t("adminProducts.form.saving") : t("adminProducts.form.save")}
        </button>
      </div>
    </Form>
  );
}
