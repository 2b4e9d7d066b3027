import type { ReactNode } from "react";
import { Link } from "react-router";

/** One why-choose-us point: its icon, translated title and text, and an optional page its title links to. */
export interface Reason {
  key: string;
  icon: ReactNode;
  title: string;
  text: string;
  /** When set, the title links to this page (the shop's rule it states: delivery table, returns policy). */
  to?: string;
}

/**
 * The why-choose-us cards (contact page, home appliances page): a titled section with one card per
 * point, the icon beside the text on phones and above it from 640 px.
 */
export function WhyChooseUs({
  titleId,
  title,
  reasons,
  className,
  cardClassName,
  testId,
}: {
  /** The heading's id (the section is labelled by it). */
  titleId: string;
  title: string;
  reasons: readonly Reason[];
  /** The section's own classes (its margin). */
  className?: string;
  /** More classes for each card. */
  cardClassName?: string;
  testId?: string;
}) {
  const card = `flex items-start gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200 sm:block${cardClassName ? ` ${cardClassName}` : ""}`;
  return (
    <section aria-labelledby={titleId} className={className} data-testid={testId}>
      <h2 id={titleId} className="text-2xl font-bold">
        {title}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {reasons.map((reason) => (
          <li key={reason.key} className={card}>
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">{reason.icon}</span>
            <div>
              <h3 className="text-lg font-semibold sm:mt-4">
                {reason.to ? (
                  <Link to={reason.to} className="hover:text-brand-700 hover:underline">
                    {reason.title}
                  </Link>
                ) : (
                  reason.title
                )}
              </h3>
              <p className="mt-1 leading-relaxed text-stone-700 sm:mt-2">{reason.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
