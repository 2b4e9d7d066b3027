import { FormErrorSummary } from "~/components/ui/FormErrorSummary";
import { useTranslation } from "~/i18n/react";
import { Form, useNavigation } from "react-router";
import { ResponsiveImage } from "~/components/ui/ResponsiveImage";
import { MAX_IMAGE_MEGABYTES } from "~/lib/admin-product";
import { MERCH_LIMITS, type PickerProduct } from "~/lib/merchandising";
import type { MerchKind } from "~/lib/merchandising-admin";
import type { CollectionFormValues, CustomPageFormValues } from "~/lib/merchandising.schema";
import type { ProductImageData } from "~/lib/product";
import { FormField, onSlugInput } from "./FormField";
import { ProductPicker } from "./ProductPicker";
import { TranslatedTexts } from "./TranslatedTexts";

const inputClass =
  "mt-1 block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base focus:border-brand-700 focus:outline-none aria-[invalid=true]:border-red-600";
const boxClass = "space-y-4 rounded-xl border border-stone-200 bg-white p-4";

function Checkbox({ name, label, checked, testId }: { name: string; label: string; checked: boolean; testId?: string }) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-base font-medium text-stone-800">
      <input type="checkbox" name={name} defaultChecked={checked} className="size-5 accent-brand-700" data-testid={testId} />
      {label}
    </label>
  );
}

function ImageField({ kind, current }: { kind: MerchKind; current: ProductImageData | null }) {
  const { t } = useTranslation();
  const label = kind === "collections" ? t("adminMerchandising.form.banner") : t("adminMerchandising.form.hero");
  return (
    <div className={boxClass}>
      {current ? (
        <div>
          <p className="text-sm font-medium text-stone-800">{t("adminMerchandising.form.currentImage")}</p>
          <ResponsiveImage
            image={{ ...current, alt: t("adminMerchandising.form.currentImage") }}
            sizes="(min-width: 640px) 400px, 90vw"
            className="mt-2 aspect-[2/1] w-full max-w-md rounded-lg bg-stone-100 object-cover"
          />
          <label className="mt-2 flex min-h-11 items-center gap-3 text-sm font-medium text-stone-800">
            <input type="checkbox" name="removeImage" className="size-5 accent-red-700" data-testid="merch-remove-image" />
            {t("adminMerchandising.form.removeImage")}
          </label>
        </div>
      ) : null}
      <div>
        <label htmlFor="merch-image" className="block text-sm font-medium text-stone-800">
          {label}
        </label>
        <input
          id="merch-image"
          name="image"
          type="file"
          accept="image/*"
          aria-describedby="merch-image-hint"
          className="mt-2 block w-full text-sm file:me-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
        />
        <p id="merch-image-hint" className="mt-1 text-xs text-stone-500">
          {t("adminMerchandising.form.imageHint", { limit: MAX_IMAGE_MEGABYTES })}
        </p>
      </div>
    </div>
  );
}

/**
 * The collection or custom page form (create and edit): a multipart POST, intent=save, with the
 * contract's field names; it works without JavaScript (the chosen products are hidden inputs).
 * noValidate: the server's message is the one shown. Key it by the visit to reset after a post.
 */
export function MerchForm({
  kind,
  values,
  products,
  currentImage,
  action,
  invalidField,
}: {
  kind: MerchKind;
  values: CollectionFormValues | CustomPageFormValues;
  products: PickerProduct[];
  currentImage: ProductImageData | null;
  action: string;
  /** The field a refusal was about (marked aria-invalid); "productIds" marks the picker. */
  invalidField: string | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const collection = kind === "collections";
  const invalid = (name: string) => (invalidField === name ? true : undefined);
  const text = (name: "title" | "metaTitle" | "displayOrder", extra: { maxLength?: number; dir?: "ltr" | "auto" } = {}) => ({
    id: `merch-${name}`,
    name,
    defaultValue: values[name],
    "aria-invalid": invalid(name),
    className: inputClass,
    ...extra,
  });

  return (
    <Form method="post" encType="multipart/form-data" action={action} noValidate className="space-y-5" data-testid="merch-form">
      <input type="hidden" name="intent" value="save" />
      <FormErrorSummary errors={invalidField} />

      <fieldset className={boxClass}>
        <FormField
          idPrefix="merch"
          name="title"
          label={collection ? t("adminMerchandising.form.collectionTitle") : t("adminMerchandising.form.pageTitle")}
          required
        >
          <input {...text("title", { maxLength: MERCH_LIMITS.title, dir: "auto" })} />
        </FormField>
        <FormField idPrefix="merch" name="slug" label={t("adminMerchandising.form.slug")} hint={t("adminMerchandising.form.slugHint")} required>
          <input
            id="merch-slug"
            name="slug"
            defaultValue={values.slug}
            onInput={onSlugInput}
            maxLength={MERCH_LIMITS.slug}
            aria-invalid={invalid("slug")}
            aria-describedby="merch-slug-hint"
            className={`${inputClass} font-mono`}
            dir="ltr"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            data-testid="merch-slug"
          />
        </FormField>
        <FormField idPrefix="merch" name="description" label={t("adminMerchandising.form.description")}>
          <textarea
            id="merch-description"
            name="description"
            defaultValue={values.description}
            maxLength={MERCH_LIMITS.description}
            aria-invalid={invalid("description")}
            rows={3}
            className={`${inputClass} h-auto py-2`}
            dir="auto"
          />
        </FormField>
      </fieldset>

      <TranslatedTexts
        idPrefix="merch"
        texts={[
          {
            name: "title",
            label: collection ? t("adminMerchandising.form.collectionTitle") : t("adminMerchandising.form.pageTitle"),
            maxLength: MERCH_LIMITS.title,
          },
          { name: "description", label: t("adminMerchandising.form.description"), maxLength: MERCH_LIMITS.description, rows: 3 },
          { name: "metaTitle", label: t("adminMerchandising.form.metaTitle"), maxLength: MERCH_LIMITS.metaTitle },
          { name: "metaDescription", label: t("adminMerchandising.form.metaDescription"), maxLength: MERCH_LIMITS.metaDescription, rows: 2 },
        ]}
        values={values}
        invalidField={invalidField}
        className={boxClass}
      />

      <ImageField kind={kind} current={currentImage} />

      <ProductPicker
        initial={products}
        availableOnly={collection}
        required={collection}
        invalid={invalidField === "productIds"}
        hint={collection ? t("adminMerchandising.form.productsRequiredHint") : undefined}
      />

      <fieldset className={boxClass}>
        <legend className="px-1 text-sm font-medium text-stone-800">{t("adminMerchandising.form.seo")}</legend>
        <FormField idPrefix="merch" name="metaTitle" label={t("adminMerchandising.form.metaTitle")}>
          <input {...text("metaTitle", { maxLength: MERCH_LIMITS.metaTitle, dir: "auto" })} />
        </FormField>
        <FormField idPrefix="merch" name="metaDescription" label={t("adminMerchandising.form.metaDescription")}>
          <textarea
            id="merch-metaDescription"
            name="metaDescription"
            defaultValue={values.metaDescription}
            maxLength={MERCH_LIMITS.metaDescription}
            aria-invalid={invalid("metaDescription")}
            rows={2}
            className={`${inputClass} h-auto py-2`}
            dir="auto"
          />
        </FormField>
      </fieldset>

      <fieldset className={`${boxClass} sm:grid sm:grid-cols-2 sm:gap-4 sm:space-y-0`}>
        <FormField
          idPrefix="merch"
          name="displayOrder"
          label={t("adminMerchandising.form.displayOrder")}
          hint={t("adminMerchandising.form.displayOrderHint")}
        >
          <input {...text("displayOrder", { dir: "ltr" })} inputMode="numeric" aria-describedby="merch-displayOrder-hint" />
        </FormField>
        <div className="flex flex-col justify-end">
          {"isFeatured" in values ? (
            <Checkbox name="isFeatured" label={t("adminMerchandising.form.featured")} checked={values.isFeatured} testId="merch-featured-input" />
          ) : null}
          <Checkbox
            name="isActive"
            label={collection ? t("adminMerchandising.form.activeCollection") : t("adminMerchandising.form.activePage")}
            checked={values.isActive}
            testId="merch-active-input"
          />
        </div>
      </fieldset>

      <div className="sticky bottom-0 -mx-4 border-t border-stone-200 bg-stone-50/95 px-4 py-3">
        <button
          type="submit"
          disabled={saving}
          className="h-12 w-full rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
          data-testid="merch-save"
        >
          {saving
            ? t("adminMerchandising.common.saving")
            : collection
              ? t("adminMerchandising.form.saveCollection")
              : t("adminMerchandising.form.savePage")}
        </button>
      </div>
    </Form>
  );
}
