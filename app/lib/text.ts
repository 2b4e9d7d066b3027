/** Replaces {{name}} placeholders; unknown placeholders are left as they are. */
export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? (values[name] ?? whole) : whole,
  );
}
