/**
 * Whether a refused form has errors beside its fields: the cue for the generic message at the top
 * of the form (FormErrorSummary). Takes the forms' own shapes: the fields' texts by name (an
 * empty text is no error), or the name of the one refused field (null when none).
 */
export function hasFieldErrors(errors: Readonly<Record<string, string | null | undefined>> | string | null | undefined): boolean {
  if (errors === null || errors === undefined) return false;
  if (typeof errors === "string") return errors !== "";
  return Object.values(errors).some((text) => typeof text === "string" && text !== "");
}
