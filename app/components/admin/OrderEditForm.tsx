import { FormErrorSummary } from "~/components/ui/FormErrorSummary";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, Link, useFetcher } from "react-router";
import { useTranslation } from "~/i18n/react";
import { pickerSearchUrl, SearchResults, type PickerSearchAnswer } from "~/components/admin/ProductPicker";
import type { PickerProduct, PickerVariant } from "~/lib/merchandising";
import { formatDinars } from "~/lib/money";
import { MAX_DELIVERY_PRICE, MAX_FEE_REASON_LENGTH, type OrderEditView } from "~/lib/order-edit";
import { MAX_ADDRESS_LENGTH, MAX_NAME_LENGTH, MAX_ORDER_LINES, MAX_ORDER_QUANTITY, MAX_STOP_DESK_LENGTH } from "~/lib/order-request";
import { SEARCH_QUERY_MAX_LENGTH } from "~/lib/search-text";
import type { Language } from "~/i18n/config";

/** A line of the form: the order's own, or a product added from the picker (with its variants to choose from). */
interface EditLine {
  key: string;
  productId: string;
  title: string;
  quantity: number;
  unitPrice: number;
  variantId: number | null;
  variantLabel: string | null;
  offerId: number | null;
  offerLabel: string | null;
  variants?: PickerVariant[];
}

const input = "block h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 text-base";
const label = "mb-1 block text-sm text-stone-700";
const section = "space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200";
const SEARCH_DEBOUNCE_MS = 250;

function FieldError({ message, id }: { message: string | undefined; id: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

function Labelled({ text, error, id, children }: { text: string; error?: string; id: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      {children}
      <FieldError message={error} id={`${id}-error`} />
    </div>
  );
}

/**
 * The order page's edit form (docs/decisions/0033-order-edits.md): the customer, the delivery,
 * the lines (a product added with the admin's product picker search) and the fee, from the
 * table or set by hand with a reason. It posts everything (intent=edit); the server checks and
 * prices it again and records what changed.
 */
export function OrderEditForm({
  view,
  action,
  cancelHref,
  fields = {},
  busy,
  language,
}: {
  view: OrderEditView;
  action: string;
  cancelHref: string;
  fields?: Record<string, string>;
  busy: boolean;
  language: Language;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { values } = view;
  const [lines, setLines] = useState<EditLine[]>(() => values.lines.map((line, index) => ({ ...line, key: `order-${index}` })));
  const [wilaya, setWilaya] = useState(values.wilayaCode);
  const [deliveryType, setDeliveryType] = useState(values.deliveryType);
  const [feeMode, setFeeMode] = useState<"table" | "override">(values.deliveryPriceReason ? "override" : "table");
  const [query, setQuery] = useState("");
  const communes = useFetcher<{ code: string; name: string; nameAr: string }[]>();
  const search = useFetcher<PickerSearchAnswer>();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const load = useRef(search.load);
  load.current = search.load;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const communeChoices =
    wilaya === values.wilayaCode || !Array.isArray(communes.data)
      ? view.communes
      : communes.data.map((commune) => ({ code: commune.code, name: language === "ar" ? commune.nameAr : commune.name }));
  const money = (amount: number) => formatDinars(amount, language);
  const add = (product: PickerProduct) =>
    setLines((list) =>
      list.length >= MAX_ORDER_LINES
        ? list
        : [
            ...list,
            {
              key: `added-${product.id}-${list.length}`,
              productId: product.id,
              title: product.title,
              quantity: 1,
              unitPrice: product.price,
              variantId: null,
              variantLabel: null,
              offerId: null,
              offerLabel: null,
              variants: product.variants,
            },
          ],
    );
  const update = (key: string, change: Partial<EditLine>) =>
    setLines((list) => list.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const fieldId = (name: string) => `${id}-${name}`;
  const errorOf = (name: string) => fields[name];

  return (
    <Form method="post" action={action} className="space-y-4" data-testid="order-edit-form" noValidate>
      <input type="hidden" name="intent" value="edit" />
      <h2 className="text-lg font-semibold">{t("adminOrderEdit.title")}</h2>
      <FormErrorSummary errors={fields} />

      <fieldset className={section}>
        <legend className="px-1 font-semibold">{t("adminOrderEdit.customer")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Labelled text={t("adminOrderEdit.fields.firstName")} id={fieldId("firstName")} error={errorOf("firstName")}>
            <input
              id={fieldId("firstName")}
              name="firstName"
              defaultValue={values.firstName}
              maxLength={MAX_NAME_LENGTH}
              required
              className={input}
            />
          </Labelled>
          <Labelled text={t("adminOrderEdit.fields.lastName")} id={fieldId("lastName")} error={errorOf("lastName")}>
            <input
              id={fieldId("lastName")}
              name="lastName"
              defaultValue={values.lastName}
              maxLength={MAX_NAME_LENGTH}
              required={view.lastNameRequired}
              className={input}
            />
          </Labelled>
        </div>
        <Labelled text={t("adminOrderEdit.fields.phone")} id={fieldId("phone")} error={errorOf("phone")}>
          <input
            id={fieldId("phone")}
            name="phone"
            type="tel"
            dir="ltr"
            inputMode="tel"
            defaultValue={values.phone}
            maxLength={20}
            required
            className={input}
          />
        </Labelled>
      </fieldset>

      <fieldset className={section}>
        <legend className="px-1 font-semibold">{t("adminOrderEdit.delivery")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Labelled text={t("adminOrderEdit.fields.wilaya")} id={fieldId("wilaya")} error={errorOf("wilaya")}>
            <select
              id={fieldId("wilaya")}
              name="wilayaCode"
              value={wilaya}
              onChange={(event) => {
                const code = event.currentTarget.value;
                setWilaya(code);
                if (code !== values.wilayaCode) void communes.load(`/api/delivery/${code}/communes`);
              }}
              className={input}
              data-testid="edit-wilaya"
            >
              {view.wilayas.map((one) => (
                <option key={one.code} value={one.code}>
                  {one.code} – {one.name}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled text={t("adminOrderEdit.fields.commune")} id={fieldId("commune")} error={errorOf("communeCode")}>
            <select
              key={wilaya}
              id={fieldId("commune")}
              name="communeCode"
              defaultValue={wilaya === values.wilayaCode ? (values.communeCode ?? "") : ""}
              className={input}
              data-testid="edit-commune"
            >
              <option value="">{t("adminOrderEdit.fields.communeNone")}</option>
              {communeChoices.map((commune) => (
                <option key={commune.code} value={commune.code}>
                  {commune.name}
                </option>
              ))}
            </select>
          </Labelled>
        </div>
        <fieldset>
          <legend className={label}>{t("adminOrderEdit.fields.deliveryType")}</legend>
          <div className="flex flex-wrap gap-2">
            {(["home", "stop_desk"] as const).map((type) => (
              <label key={type} className="flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 px-3">
                <input
                  type="radio"
                  name="deliveryType"
                  value={type}
                  checked={deliveryType === type}
                  onChange={() => setDeliveryType(type)}
                  className="size-5"
                />
                {t(type === "home" ? "adminOrderEdit.fields.home" : "adminOrderEdit.fields.stopDesk")}
              </label>
            ))}
          </div>
          <FieldError message={errorOf("deliveryType")} id={fieldId("deliveryType-error")} />
        </fieldset>
        {deliveryType === "stop_desk" ? (
          <Labelled text={t("adminOrderEdit.fields.stopDeskCode")} id={fieldId("stopDesk")} error={errorOf("stopDesk")}>
            <input
              id={fieldId("stopDesk")}
              name="stopDesk"
              dir="ltr"
              defaultValue={values.stopDesk ?? ""}
              maxLength={MAX_STOP_DESK_LENGTH}
              className={input}
            />
          </Labelled>
        ) : null}
        <Labelled text={t("adminOrderEdit.fields.address")} id={fieldId("address")} error={errorOf("address")}>
          <textarea
            id={fieldId("address")}
            name="address"
            rows={2}
            defaultValue={values.address ?? ""}
            maxLength={MAX_ADDRESS_LENGTH}
            className="block w-full min-w-0 rounded-lg border border-stone-300 p-2 text-base"
          />
        </Labelled>
      </fieldset>

      <fieldset className={section}>
        <legend className="px-1 font-semibold">{t("adminOrderEdit.lines")}</legend>
        <p className="text-xs text-stone-600">{t("adminOrderEdit.fields.pricesNote")}</p>
        <ul className="divide-y divide-stone-100" data-testid="edit-lines">
          {lines.map((line, index) => (
            <li key={line.key} className="space-y-2 py-3" data-product-id={line.productId} data-testid="edit-line">
              <input type="hidden" name="line.productId" value={line.productId} />
              <input type="hidden" name="line.offerId" value={line.offerId ?? ""} />
              <div className="flex items-start gap-2">
                <p className="min-w-0 flex-1 text-sm font-medium break-words">{line.title}</p>
                <button
                  type="button"
                  onClick={() => setLines((list) => list.filter((one) => one.key !== line.key))}
                  className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-red-300 text-red-800 hover:bg-red-50"
                  aria-label={t("adminOrderEdit.fields.remove", { title: line.title })}
                  data-testid="edit-line-remove"
                >
                  <span aria-hidden="true">✕</span>
                </button>
              </div>
              <p className="text-xs text-stone-600">{t("adminOrderEdit.fields.unitPrice", { price: money(line.unitPrice) })}</p>
              {line.variants && line.variants.length > 0 ? (
                <select
                  name="line.variantId"
                  value={line.variantId ?? ""}
                  onChange={(event) => update(line.key, { variantId: event.currentTarget.value === "" ? null : Number(event.currentTarget.value) })}
                  aria-label={t("adminOrderEdit.fields.chooseVariant")}
                  className={input}
                  data-testid="edit-line-variant"
                >
                  <option value="">{t("adminOrderEdit.fields.chooseVariant")}</option>
                  {line.variants.map((variant) => (
                    <option key={variant.id} value={variant.id}>
                      {variant.labels[i18n.language as Language] ?? variant.labels.ar}
                    </option>
                  ))}
                </select>
              ) : (
                <>
                  <input type="hidden" name="line.variantId" value={line.variantId ?? ""} />
                  {line.variantLabel ? (
                    <p className="text-xs text-stone-700">{t("adminOrderEdit.fields.variant", { label: line.variantLabel })}</p>
                  ) : null}
                </>
              )}
              {line.offerLabel && line.offerId !== null ? (
                <div className="flex flex-wrap items-center gap-2 text-xs text-stone-700">
                  <span>{t("adminOrderEdit.fields.offer", { label: line.offerLabel })}</span>
                  <button
                    type="button"
                    onClick={() => update(line.key, { offerId: null, offerLabel: null })}
                    className="min-h-11 rounded-lg border border-stone-300 px-3 hover:bg-stone-100"
                    aria-label={t("adminOrderEdit.fields.remove", { title: line.offerLabel })}
                  >
                    ✕
                  </button>
                </div>
              ) : null}
              <label className="flex items-center gap-2 text-sm">
                <span className="text-stone-700">{t("adminOrderEdit.fields.quantity")}</span>
                <input
                  name="line.quantity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_ORDER_QUANTITY}
                  value={line.quantity}
                  readOnly={line.offerId !== null}
                  onChange={(event) => update(line.key, { quantity: Number(event.currentTarget.value) })}
                  className="h-11 w-24 rounded-lg border border-stone-300 px-2 text-base tabular-nums"
                  data-testid="edit-line-quantity"
                />
              </label>
              <FieldError
                message={errorOf(`items.${index}.quantity`) ?? errorOf(`items.${index}.variantId`) ?? errorOf(`items.${index}.productId`)}
                id={fieldId(`line-${index}-error`)}
              />
            </li>
          ))}
        </ul>
        <FieldError message={errorOf("items") ?? errorOf("offer")} id={fieldId("items-error")} />
        <div className="space-y-2 border-t border-stone-200 pt-3">
          <label htmlFor={fieldId("search")} className="block text-sm font-medium">
            {t("adminOrderEdit.fields.add")}
          </label>
          <input
            id={fieldId("search")}
            type="search"
            value={query}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            placeholder={t("adminOrderEdit.fields.searchPlaceholder")}
            aria-label={t("adminOrderEdit.fields.search")}
            autoComplete="off"
            onChange={(event) => {
              const q = event.currentTarget.value;
              setQuery(q);
              if (timer.current) clearTimeout(timer.current);
              timer.current = setTimeout(() => void load.current(pickerSearchUrl(q.trim(), false)), SEARCH_DEBOUNCE_MS);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") event.preventDefault();
            }}
            className={input}
            data-testid="edit-search"
          />
          {query.trim() !== "" ? (
            <SearchResults
              answer={search.data}
              loading={search.state === "loading"}
              selectedIds={new Set()}
              onAdd={add}
              full={lines.length >= MAX_ORDER_LINES}
            />
          ) : null}
        </div>
      </fieldset>

      <fieldset className={section}>
        <legend className="px-1 font-semibold">{t("adminOrderEdit.fee")}</legend>
        <div className="flex flex-wrap gap-2">
          {(["table", "override"] as const).map((mode) => (
            <label key={mode} className="flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 px-3">
              <input type="radio" name="feeMode" value={mode} checked={feeMode === mode} onChange={() => setFeeMode(mode)} className="size-5" />
              {t(mode === "table" ? "adminOrderEdit.fields.feeTable" : "adminOrderEdit.fields.feeOverride")}
            </label>
          ))}
        </div>
        {feeMode === "override" ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <Labelled text={t("adminOrderEdit.fields.feePrice")} id={fieldId("feePrice")} error={errorOf("feePrice")}>
              <input
                id={fieldId("feePrice")}
                name="feePrice"
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_DELIVERY_PRICE}
                defaultValue={values.deliveryPrice}
                className={input}
              />
            </Labelled>
            <Labelled text={t("adminOrderEdit.fields.feeReason")} id={fieldId("feeReason")} error={errorOf("feeReason")}>
              <input
                id={fieldId("feeReason")}
                name="feeReason"
                defaultValue={values.deliveryPriceReason ?? ""}
                maxLength={MAX_FEE_REASON_LENGTH}
                className={input}
              />
            </Labelled>
          </div>
        ) : null}
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={busy}
          className="h-11 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          data-testid="edit-save"
        >
          {t("adminOrderEdit.save")}
        </button>
        <Link
          to={cancelHref}
          className="inline-flex h-11 items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold hover:bg-stone-100"
        >
          {t("adminOrderEdit.cancel")}
        </Link>
      </div>
    </Form>
  );
}
