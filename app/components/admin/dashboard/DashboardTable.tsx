import { useId, type ReactNode } from "react";

export interface DashboardTableRow {
  key: string;
  label: ReactNode;
  cells: string[];
}

/**
 * One breakdown of the dashboard: a table from 640 px; under it one card per row (its name,
 * wrapping, then each figure with its column's label), so a phone never scrolls sideways.
 */
export function DashboardTable({
  title,
  labelHeading,
  headings,
  rows,
  empty,
  testId,
}: {
  title: string;
  labelHeading: string;
  headings: string[];
  rows: DashboardTableRow[];
  empty: string;
  testId: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid={testId}>
      <h2 id={id} className="mb-2 text-lg font-semibold text-brand-900">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-stone-600">{empty}</p>
      ) : (
        <table className="block w-full text-sm sm:table">
          <thead className="sr-only sm:not-sr-only sm:table-header-group">
            <tr className="text-xs text-stone-600">
              <th scope="col" className="py-1 text-start font-medium">
                {labelHeading}
              </th>
              {headings.map((heading) => (
                <th key={heading} scope="col" className="py-1 ps-3 text-end font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block sm:table-row-group">
            {rows.map((row) => (
              <tr key={row.key} className="block border-t border-stone-100 py-2 sm:table-row sm:py-0" data-key={row.key}>
                <th scope="row" className="block py-1 text-start font-medium break-words sm:table-cell sm:py-2 sm:font-normal">
                  {row.label}
                </th>
                {row.cells.map((cell, index) => (
                  <td
                    key={headings[index]}
                    className="flex items-baseline justify-between gap-3 py-0.5 tabular-nums sm:table-cell sm:py-2 sm:ps-3 sm:text-end"
                  >
                    <span className="text-xs text-stone-600 sm:hidden">{headings[index]}</span>
                    <span className="whitespace-nowrap">{cell}</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
