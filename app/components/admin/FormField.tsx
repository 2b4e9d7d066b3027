import type { FormEvent, ReactNode } from "react";
import { slugAsTyped } from "~/lib/slug";

/**
 * One labelled field of an admin form: the label (with a * when required), the control, an
 * optional hint and an optional, already translated error. Ids are `${idPrefix}-${name}`, with
 * `-hint` and `-error` for the texts the control's aria-describedby names.
 */
export function FormField({
  idPrefix,
  name,
  label,
  hint,
  error,
  required,
  children,
}: {
  idPrefix: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`${idPrefix}-${name}`} className="block text-sm font-medium text-stone-800">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${idPrefix}-${name}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${idPrefix}-${name}-error`} className="mt-1 text-sm text-red-700" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A slug input's onInput: lowercase, whitespace runs to hyphens, as typed (the slug rule of app/lib/slug.ts), keeping the caret in place. */
export function onSlugInput(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const typed = slugAsTyped(input.value);
  if (typed === input.value) return;
  const caret = input.selectionStart ?? typed.length;
  const before = slugAsTyped(input.value.slice(0, caret)).length;
  input.value = typed;
  input.setSelectionRange(before, before);
}
