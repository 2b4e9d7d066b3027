/**
 * CSV for spreadsheets (RFC 4180): comma-separated, CRLF line ends, UTF-8 with a byte-order mark
 * so Excel reads Arabic text as UTF-8.
 */

export type CsvValue = string | number | null | undefined;

/** The byte-order mark that tells Excel the file is UTF-8. */
export const UTF8_BOM = "\uFEFF";

/**
 * A text that a spreadsheet would run as a formula (= + - @, or a tab, carriage return or NUL that
 * some spreadsheets strip before looking; OWASP ASVS 5.0 V1.2.10) gets a leading apostrophe: shown as text, never run
 * (OWASP "CSV injection"). Numbers are written as they are: a negative number is data, not a formula.
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;

/** One cell: quoted when it holds a quote, a comma or a line break; quotes doubled. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",");
}

/** A whole file: BOM, the header row, then one row per record, each ended by CRLF. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return UTF8_BOM + [header, ...rows].map((row) => `${csvRow(row)}\r\n`).join("");
}
