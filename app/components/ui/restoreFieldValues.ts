type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const FIELDS = "input[name]:not([type=hidden],[type=file],[type=password]), textarea[name], select[name]";

/**
 * Gives the part's fields what the shopper typed in the server's ones (`held`), as typing would:
 * through the value's own setter (React watches it), then an input and a change event. One
 * field per frame, in document order: a field's choices may follow an earlier one (a wilaya's
 * communes). Fields pair by name and position among those of that name.
 */
export async function restoreFieldValues(element: HTMLElement, held: HTMLElement) {
  const named = (root: HTMLElement, name: string) => [...root.querySelectorAll<Field>(FIELDS)].filter((field) => field.name === name);
  for (const typed of held.querySelectorAll<Field>(FIELDS)) {
    const field = named(element, typed.name)[named(held, typed.name).indexOf(typed)];
    if (!field) continue;
    if (field instanceof HTMLInputElement && typed instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      if (field.value !== typed.value || field.checked === typed.checked) continue;
      field.click();
    } else {
      if (field.value === typed.value) continue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, typed.value);
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.dispatchEvent(new Event("change", { bubbles: true }));
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}
