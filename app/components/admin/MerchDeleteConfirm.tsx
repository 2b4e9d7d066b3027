import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useNavigation } from "react-router";

/**
 * The delete confirmation of a collection, page or section: the question, the record's title,
 * a POST intent=delete (with its id) to `action`, and a cancel link back to `cancelTo`.
 */
export function MerchDeleteConfirm({
  title,
  question,
  name,
  id,
  action,
  cancelTo,
  error,
  testId = "merch-delete-confirm",
  confirmTestId = "merch-confirm-delete",
}: {
  title: string;
  question: string;
  /** The record's title, quoted under the question. */
  name: string;
  id: number;
  action: string;
  cancelTo: string;
  error?: ReactNode;
  testId?: string;
  confirmTestId?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div role="group" aria-label={title} className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4" data-testid={testId}>
      <h2 className="font-semibold text-red-900">{title}</h2>
      <p className="text-sm text-red-900">{question}</p>
      <p className="text-sm font-medium break-words text-stone-900">«{name}»</p>
      {error}
      <Form method="post" action={action} className="flex flex-wrap gap-2" preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <button
          type="submit"
          disabled={busy}
          className="h-11 rounded-lg bg-red-700 px-5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          data-testid={confirmTestId}
        >
          {t("adminMerchandising.common.confirmDelete")}
        </button>
        <Link
          to={cancelTo}
          preventScrollReset
          className="inline-flex h-11 items-center rounded-lg border border-stone-300 bg-white px-5 text-sm font-medium hover:bg-stone-100"
        >
          {t("adminMerchandising.common.cancel")}
        </Link>
      </Form>
    </div>
  );
}
