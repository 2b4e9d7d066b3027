import { useTranslation } from "~/i18n/react";

/** The order forms' submit button: disabled and relabelled ("Sending Order...") while sending. */
export function SubmitOrderButton({ submitting, disabled = false }: { submitting: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      disabled={submitting || disabled}
      className="rounded-lg bg-brand-700 px-5 py-3 text-lg font-bold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
      data-testid="order-submit"
    >
      {submitting ? t("order.sending") : t("order.submit")}
    </button>
  );
}
