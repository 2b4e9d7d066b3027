import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { hasFieldErrors } from "~/lib/form-errors";

/**
 * The top of a form refused for its fields: the generic "enter the data correctly" message
 * (forms.invalid), an alert read out at once, above the form's own details when it has any. The
 * fields' texts stay beside the fields. Every order and admin form with field errors renders it
 * as its first child, so the message sits in the same place everywhere, with or without
 * JavaScript (the server renders it from the refused post's answer).
 */
export function FormErrorSummary({
  errors,
  testId = "form-errors",
  children,
}: {
  /** The fields' texts by name, or the name of the one refused field: nothing is shown without one. */
  errors: Parameters<typeof hasFieldErrors>[0];
  testId?: string;
  /** The form's own words under the generic message. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (!hasFieldErrors(errors)) return null;
  return (
    <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-300" data-testid={testId}>
      <p className="font-bold" data-testid="form-errors-message">
        {t("forms.invalid")}
      </p>
      {children ? <div className="mt-1 text-sm">{children}</div> : null}
    </div>
  );
}
