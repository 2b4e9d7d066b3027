import { useId } from "react";

/** The classes of every text field of the order forms (also used by the contact page's selects). */
export const fieldClass =
  "w-full rounded-lg border bg-white px-3 py-2.5 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/** A labelled form field with its error text under it. */
export function Field({
  label,
  hint,
  note,
  error,
  required,
  children,
}: {
  label: string;
  /** A short note beside the label (e.g. when the field is optional). */
  hint?: string;
  /** A short note under the field (e.g. what is done with it). */
  note?: string;
  error?: string;
  required?: boolean;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string; className: string }) => React.ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
        {hint && <span className="font-normal text-stone-500"> ({hint})</span>}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
        className: `${fieldClass} ${error ? "border-red-600" : "border-stone-300"}`,
      })}
      {note && <p className="text-xs text-stone-500">{note}</p>}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
