import type { ReactNode } from "react";

/** The banner's main button (accent), for a link or an `<a>` among its actions. */
export const ctaPrimaryClass =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-accent-500 px-5 py-3 font-bold text-stone-900 hover:bg-amber-400";

/** The banner's second button (white outline). */
export const ctaSecondaryClass =
  "inline-flex items-center justify-center rounded-lg px-5 py-3 font-semibold text-white ring-1 ring-white/70 hover:bg-white/10";

/**
 * A dark call-to-action banner closing a page (contact page, home appliances page): a title and a
 * text, with the actions (children) beside them from 1024 px and under them before.
 */
export function CtaBanner({
  titleId,
  title,
  text,
  className,
  testId,
  children,
}: {
  /** The heading's id (the section is labelled by it). */
  titleId: string;
  title: string;
  text: string;
  /** The section's margin. */
  className: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      data-testid={testId}
      className={`${className} rounded-2xl bg-brand-800 px-5 py-8 text-white sm:px-10 lg:flex lg:items-center lg:justify-between lg:gap-10`}
    >
      <div>
        <h2 id={titleId} className="text-2xl font-bold">
          {title}
        </h2>
        <p className="mt-3 max-w-2xl leading-relaxed text-brand-50">{text}</p>
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row lg:mt-0 lg:shrink-0">{children}</div>
    </section>
  );
}
