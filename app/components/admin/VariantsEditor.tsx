import { useRef, useState, type ComponentProps } from "react";
import { useTranslation } from "~/i18n/react";
import {
  optionFieldName,
  valueFieldName,
  variantFieldName,
  VARIANTS_MARKER,
  withAllCombinations,
  type OptionFormRow,
  type VariantFieldName,
  type VariantFormRow,
  type VariantsFormRows,
} from "~/lib/admin-product-variants";
import type { ProductErrorKey, ProductFieldName } from "~/lib/admin-product.schema";
import { MAX_OPTION_NAME_LENGTH, MAX_OPTIONS, MAX_VALUES_PER_OPTION, MAX_VARIANT_SKU_LENGTH } from "~/lib/variants";

const inputClass =
  "mt-1 block h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 text-base focus:border-brand-700 focus:outline-none aria-[invalid=true]:border-red-600";
const labelClass = "block text-sm font-medium text-stone-800";
const button =
  "inline-flex h-11 items-center justify-center rounded-lg border border-stone-300 bg-white px-3 text-sm font-medium hover:bg-stone-100 disabled:opacity-40";

const LANGUAGES = [
  { key: "nameAr", language: "ar", dir: "rtl" },
  { key: "nameEn", language: "en", dir: "ltr" },
  { key: "nameFr", language: "fr", dir: "ltr" },
] as const;

type Errors = Partial<Record<ProductFieldName, ProductErrorKey>>;

/** A labelled input of the editor with its translated error beside it; `name` is the posted field name. */
function Input({ name, label, error, ...props }: { name: VariantFieldName; label: string; error?: ProductErrorKey } & ComponentProps<"input">) {
  const { t } = useTranslation();
  const id = `product-${name}`;
  return (
    <label htmlFor={id} className={labelClass}>
      {label}
      <input
        id={id}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      {error ? (
        <span id={`${id}-error`} className="mt-1 block text-sm text-red-700" data-testid={`error-${name}`}>
          {t(`adminProducts.errors.${error}`)}
        </span>
      ) : null}
    </label>
  );
}

type NameKey = (typeof LANGUAGES)[number]["key"];

/** A name in Arabic, with its English and French translations folded away (open when one is filled or refused). */
function Names({
  name,
  row,
  label,
  onChange,
  errors,
}: {
  name: (key: NameKey) => VariantFieldName;
  row: Record<NameKey, string>;
  label: "optionName" | "valueName";
  onChange: (change: Partial<Record<NameKey, string>>) => void;
  errors: Errors;
}) {
  const { t } = useTranslation();
  const input = ({ key, language, dir }: (typeof LANGUAGES)[number]) => (
    <Input
      key={key}
      name={name(key)}
      label={t(`adminProducts.form.variants.${label}`, { language: t(`languageNames.${language}`) })}
      value={row[key]}
      onChange={(event) => onChange({ [key]: event.currentTarget.value })}
      maxLength={MAX_OPTION_NAME_LENGTH}
      dir={dir}
      lang={language}
      error={errors[name(key)]}
    />
  );
  const [arabic, ...others] = LANGUAGES;
  const open = others.some(({ key }) => row[key] !== "" || errors[name(key)] !== undefined);
  return (
    <div>
      {input(arabic)}
      <details className="mt-1" open={open}>
        <summary className="cursor-pointer py-2 text-sm text-stone-700">{t("adminProducts.form.otherLanguages")}</summary>
        <div className="grid gap-2 sm:grid-cols-2">{others.map(input)}</div>
      </details>
    </div>
  );
}

/** Whether a combination still names one value of each of the options, in order. */
function fits(options: readonly OptionFormRow[], combination: string): boolean {
  const keys = combination.split("-");
  return keys.length === options.length && keys.every((key, index) => options[index]!.values.some((value) => value.key === key));
}

/**
 * The product form's options and variants: options and their values (names in three
 * languages, a swatch for colours), "generate all combinations", and per variant its SKU,
 * prices, stock, threshold, picture and active flag, with a row setting price or stock for
 * all. Every row posts as plain named inputs (options[0].values[1].nameAr, variants[2].sku),
 * so saved rows survive without JavaScript; adding rows needs it.
 */
export function VariantsEditor({ initial, imageIds, errors }: { initial: VariantsFormRows; imageIds: readonly number[]; errors: Errors }) {
  const { t, i18n } = useTranslation();
  const [options, setOptions] = useState<OptionFormRow[]>(initial.options);
  const [variants, setVariants] = useState<VariantFormRow[]>(initial.variants);
  const [bulkPrice, setBulkPrice] = useState("");
  const [bulkStock, setBulkStock] = useState("");
  const counter = useRef(0);
  const newKey = () => `n${Date.now().toString(36)}${(counter.current++).toString(36)}`;
  const language = i18n.language;

  const nameOfKey = new Map(
    options.flatMap((option) =>
      option.values.map((value) => [value.key, (language === "en" ? value.nameEn : language === "fr" ? value.nameFr : "") || value.nameAr] as const),
    ),
  );
  const labelOf = (row: VariantFormRow) =>
    row.combination
      .split("-")
      .map((key) => nameOfKey.get(key) ?? "?")
      .join(" / ");

  const setOption = (i: number, change: Partial<OptionFormRow>) =>
    setOptions(options.map((option, index) => (index === i ? { ...option, ...change } : option)));
  const setValue = (i: number, j: number, change: Partial<OptionFormRow["values"][number]>) =>
    setOption(i, { values: options[i]!.values.map((value, index) => (index === j ? { ...value, ...change } : value)) });
  const setVariant = (k: number, change: Partial<VariantFormRow>) =>
    setVariants(variants.map((row, index) => (index === k ? { ...row, ...change } : row)));

  function removeOption(i: number) {
    const next = options.filter((_, index) => index !== i);
    setOptions(next);
    setVariants(variants.filter((row) => fits(next, row.combination)));
  }
  function removeValue(i: number, j: number) {
    const next = options.map((option, index) => (index === i ? { ...option, values: option.values.filter((_, at) => at !== j) } : option));
    setOptions(next);
    setVariants(variants.filter((row) => fits(next, row.combination)));
  }
  function generate() {
    setVariants(
      withAllCombinations(
        options,
        variants.filter((row) => fits(options, row.combination)),
      ),
    );
  }

  return (
    <fieldset className="rounded-xl border border-stone-200 bg-white p-4" data-testid="product-variants">
      <legend className="px-1 text-base font-semibold text-stone-900">{t("adminProducts.form.variants.title")}</legend>
      <input type="hidden" name={VARIANTS_MARKER} value="1" />
      <p className="text-sm text-stone-600">{t("adminProducts.form.variants.hint")}</p>
      {options.length > 0 ? <p className="mt-1 text-sm text-stone-600">{t("adminProducts.form.variants.hasVariantsHint")}</p> : null}
      {errors.variants ? (
        <p className="mt-2 text-sm font-medium text-red-700" role="alert" data-testid="error-variants">
          {t(`adminProducts.errors.${errors.variants}`)}
        </p>
      ) : null}
      <noscript>
        <p className="mt-2 text-sm text-stone-600">{t("adminProducts.form.variants.needsScript")}</p>
      </noscript>

      <div className="mt-3 grid gap-3">
        {options.map((option, i) => (
          <fieldset key={option.id || `new-${i}`} className="rounded-lg border border-stone-200 p-3" data-testid="variant-option">
            <legend className="px-1 text-sm font-semibold text-stone-700">{t("adminProducts.form.variants.option", { number: i + 1 })}</legend>
            <input type="hidden" name={optionFieldName(i, "id")} value={option.id} />
            <Names
              name={(key) => optionFieldName(i, key)}
              row={option}
              label="optionName"
              onChange={(change) => setOption(i, change)}
              errors={errors}
            />
            <ol className="mt-3 grid gap-2">
              {option.values.map((value, j) => (
                <li key={value.key} className="grid gap-2 rounded-lg bg-stone-50 p-2 sm:grid-cols-2" data-testid="variant-value">
                  <input type="hidden" name={valueFieldName(i, j, "key")} value={value.key} />
                  <Names
                    name={(key) => valueFieldName(i, j, key)}
                    row={value}
                    label="valueName"
                    onChange={(change) => setValue(i, j, change)}
                    errors={errors}
                  />
                  <div className="flex items-end gap-2">
                    <Input
                      name={valueFieldName(i, j, "swatch")}
                      label={t("adminProducts.form.variants.swatch")}
                      value={value.swatch}
                      onChange={(event) => setValue(i, j, { swatch: event.currentTarget.value })}
                      placeholder="#ff0000"
                      maxLength={7}
                      dir="ltr"
                      error={errors[valueFieldName(i, j, "swatch")]}
                    />
                    <input
                      type="color"
                      aria-label={t("adminProducts.form.variants.swatchUse")}
                      value={/^#[0-9a-f]{6}$/i.test(value.swatch) ? value.swatch : "#000000"}
                      onChange={(event) => setValue(i, j, { swatch: event.currentTarget.value })}
                      className="mb-0 h-11 w-11 shrink-0 rounded-lg border border-stone-300"
                    />
                    <button
                      type="button"
                      className={`${button} shrink-0 text-red-700`}
                      onClick={() => removeValue(i, j)}
                      aria-label={t("adminProducts.form.variants.removeValue", { name: value.nameAr || j + 1 })}
                    >
                      <span aria-hidden="true">✕</span>
                    </button>
                  </div>
                </li>
              ))}
            </ol>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                className={button}
                disabled={option.values.length >= MAX_VALUES_PER_OPTION}
                onClick={() => setOption(i, { values: [...option.values, { key: newKey(), nameAr: "", nameEn: "", nameFr: "", swatch: "" }] })}
                data-testid="variant-add-value"
              >
                {t("adminProducts.form.variants.addValue")}
              </button>
              <button type="button" className={`${button} text-red-700`} onClick={() => removeOption(i)}>
                {t("adminProducts.form.variants.removeOption", { number: i + 1 })}
              </button>
            </div>
          </fieldset>
        ))}
      </div>

      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={button}
          disabled={options.length >= MAX_OPTIONS}
          onClick={() => setOptions([...options, { id: "", nameAr: "", nameEn: "", nameFr: "", values: [] }])}
          data-testid="variant-add-option"
        >
          {t("adminProducts.form.variants.addOption")}
        </button>
        <button
          type="button"
          className={button}
          disabled={options.length === 0 || options.some((option) => option.values.length === 0)}
          onClick={generate}
          data-testid="variant-generate"
        >
          {t("adminProducts.form.variants.generate")}
        </button>
      </div>

      {variants.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-stone-900">{t("adminProducts.form.variants.list", { count: variants.length })}</h3>
          <div
            className="mt-2 grid grid-cols-[1fr_auto] items-end gap-2 rounded-lg bg-brand-50 p-2 sm:grid-cols-[1fr_auto_1fr_auto]"
            data-testid="variant-bulk"
          >
            <label className={labelClass}>
              {t("adminProducts.form.variants.bulkPrice")}
              <input
                value={bulkPrice}
                onChange={(event) => setBulkPrice(event.currentTarget.value)}
                inputMode="numeric"
                dir="ltr"
                maxLength={12}
                className={inputClass}
              />
            </label>
            <button type="button" className={button} onClick={() => setVariants(variants.map((row) => ({ ...row, price: bulkPrice.trim() })))}>
              {t("adminProducts.form.variants.apply")}
            </button>
            <label className={labelClass}>
              {t("adminProducts.form.variants.bulkStock")}
              <input
                value={bulkStock}
                onChange={(event) => setBulkStock(event.currentTarget.value)}
                inputMode="numeric"
                dir="ltr"
                maxLength={12}
                className={inputClass}
                data-testid="variant-bulk-stock"
              />
            </label>
            <button
              type="button"
              className={button}
              onClick={() => setVariants(variants.map((row) => ({ ...row, stockQuantity: bulkStock.trim() || "0" })))}
              data-testid="variant-bulk-stock-apply"
            >
              {t("adminProducts.form.variants.apply")}
            </button>
          </div>
          <ol className="mt-3 grid gap-3">
            {variants.map((row, k) => {
              const label = labelOf(row);
              const comboError = errors[variantFieldName(k, "combination")];
              return (
                <li key={row.id || `${row.combination}#${k}`} className="rounded-lg border border-stone-200 p-3" data-testid="variant-row">
                  <input type="hidden" name={variantFieldName(k, "id")} value={row.id} />
                  <input type="hidden" name={variantFieldName(k, "combination")} value={row.combination} />
                  <input type="hidden" name={variantFieldName(k, "moreImageIds")} value={row.moreImageIds} />
                  <div className="flex items-center justify-between gap-2">
                    <p className="font-semibold text-stone-900" data-testid="variant-label">
                      {label}
                    </p>
                    <button
                      type="button"
                      className={`${button} text-red-700`}
                      onClick={() => setVariants(variants.filter((_, index) => index !== k))}
                      aria-label={t("adminProducts.form.variants.removeVariant", { label })}
                      data-testid="variant-remove"
                    >
                      <span aria-hidden="true">✕</span>
                    </button>
                  </div>
                  {comboError ? (
                    <p className="mt-1 text-sm text-red-700" data-testid={`error-${variantFieldName(k, "combination")}`}>
                      {t(`adminProducts.errors.${comboError}`)}
                    </p>
                  ) : null}
                  <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
                    <Input
                      name={variantFieldName(k, "sku")}
                      label={t("adminProducts.form.variants.sku")}
                      value={row.sku}
                      onChange={(event) => setVariant(k, { sku: event.currentTarget.value })}
                      maxLength={MAX_VARIANT_SKU_LENGTH}
                      dir="ltr"
                      autoCapitalize="none"
                      spellCheck={false}
                      error={errors[variantFieldName(k, "sku")]}
                    />
                    {(
                      [
                        ["price", "price", t("adminProducts.form.variants.productPrice")],
                        ["compareAtPrice", "compareAtPrice", t("adminProducts.form.variants.productPrice")],
                        ["stockQuantity", "stock", undefined],
                        ["lowStockThreshold", "threshold", undefined],
                      ] as const
                    ).map(([key, text, placeholder]) => (
                      <Input
                        key={key}
                        name={variantFieldName(k, key)}
                        label={t(`adminProducts.form.variants.${text}`)}
                        value={row[key]}
                        onChange={(event) => setVariant(k, { [key]: event.currentTarget.value })}
                        placeholder={placeholder}
                        inputMode="numeric"
                        maxLength={12}
                        dir="ltr"
                        error={errors[variantFieldName(k, key)]}
                      />
                    ))}
                    <label htmlFor={`product-variants-${k}-image`} className={labelClass}>
                      {t("adminProducts.form.variants.picture")}
                      <select
                        id={`product-variants-${k}-image`}
                        name={variantFieldName(k, "imageId")}
                        value={row.imageId}
                        onChange={(event) => {
                          const imageId = event.currentTarget.value;
                          setVariant(k, {
                            imageId,
                            moreImageIds: imageId === "" ? "" : row.moreImageIds,
                          });
                        }}
                        className={inputClass}
                      >
                        <option value="">{t("adminProducts.form.variants.pictureNone")}</option>
                        {imageIds.map((id, index) => (
                          <option key={id} value={String(id)}>
                            {t("adminProducts.form.variants.pictureNumber", { number: index + 1 })}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label className="flex min-h-11 items-center gap-3 self-end text-base font-medium text-stone-800">
                      <input
                        type="checkbox"
                        name={variantFieldName(k, "active")}
                        checked={row.active}
                        onChange={(event) => setVariant(k, { active: event.currentTarget.checked })}
                        className="size-5 accent-brand-700"
                      />
                      {t("adminProducts.form.variants.active")}
                    </label>
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      ) : null}
    </fieldset>
  );
}
