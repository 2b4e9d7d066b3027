import { useTranslation } from "~/i18n/react";
import { formatOrderDate } from "~/components/admin/OrderStatusBadge";
import type { Language } from "~/i18n/config";
import { formatDinars } from "~/lib/money";
import { editFieldKey, type OrderEditEntry, type RecordedLine } from "~/lib/order-edit";

const FIELD_KEYS = [
  "firstName",
  "lastName",
  "phone",
  "wilayaCode",
  "communeCode",
  "address",
  "deliveryType",
  "stopDesk",
  "lines",
  "deliveryPrice",
  "total",
] as const;
type FieldKey = (typeof FIELD_KEYS)[number];

/** The order's edits, newest first: the field, before → after, the reason of a fee set by hand, the author and the time. */
export function OrderEditHistory({ edits, language, names }: { edits: OrderEditEntry[]; language: Language; names: Record<string, string> }) {
  const { t } = useTranslation();
  const none = t("adminOrderEdit.history.none");
  const show = (field: FieldKey, value: unknown): string => {
    if (value === null || value === undefined || value === "") return none;
    if (field === "deliveryPrice" || field === "total") return typeof value === "number" ? formatDinars(value, language) : String(value);
    if (field === "deliveryType") return t(value === "stop_desk" ? "adminOrderEdit.fields.stopDesk" : "adminOrderEdit.fields.home");
    if (field === "lines" && Array.isArray(value)) {
      return (value as RecordedLine[])
        .map((line) =>
          t("adminOrderEdit.history.lineText", { title: line.variant ? `${line.title} — ${line.variant}` : line.title, quantity: line.quantity }),
        )
        .join(t("adminOrderEdit.history.separator"));
    }
    const text = String(value);
    return names[text] ?? text;
  };
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" aria-labelledby="order-edits">
      <h2 id="order-edits" className="mb-3 font-semibold">
        {t("adminOrderEdit.history.title")}
      </h2>
      {edits.length === 0 ? (
        <p className="text-sm text-stone-600">{t("adminOrderEdit.history.empty")}</p>
      ) : (
        <ol className="space-y-2 text-sm" data-testid="order-edits">
          {edits.map((edit) => {
            const key = editFieldKey(edit.field);
            const field = (FIELD_KEYS as readonly string[]).includes(key) ? (key as FieldKey) : null;
            return (
              <li key={edit.id} className="border-s-2 border-amber-300 ps-3 break-words" data-field={edit.field}>
                <p className="font-medium">{field ? t(`adminOrderEdit.history.fieldNames.${field}`) : edit.field}</p>
                <p className="text-stone-700">
                  <span data-testid="edit-before">{field ? show(field, edit.before) : String(edit.before ?? none)}</span>
                  <span aria-hidden="true">{language === "ar" ? " ← " : " → "}</span>
                  <span data-testid="edit-after">{field ? show(field, edit.after) : String(edit.after ?? none)}</span>
                </p>
                {edit.reason ? <p className="text-stone-700">{t("adminOrderEdit.history.reason", { reason: edit.reason })}</p> : null}
                <p className="text-xs text-stone-500" data-testid="edit-author">
                  {t("adminOrderEdit.history.by", { actor: edit.actor, date: formatOrderDate(edit.createdAt, language) })}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
