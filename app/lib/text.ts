/** Replaces {{name}} placeholders; unknown placeholders are left as they are. */
export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? (values[name] ?? whole) : whole,
  );
}

/**
 * A customer's name as the shop shows and sends it: first and last name with one space, the
 * last name left out when empty (a one-word name from the jewellery form), so no trailing space.
 */
export function personName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter((part) => part !== "").join(" ");
}
