import { lazy, memo, Suspense, use, useEffect, useRef, useState, type ComponentType, type ReactNode, type RefObject } from "react";

/**
 * A component the server renders as usual, but whose code is not part of the page's first
 * load in the browser: `load` fetches it when React hydrates the page, and until it arrives
 * React keeps the server's markup as it is (a dehydrated Suspense boundary: its forms and
 * links work as without JavaScript), then hydrates it. After a client-side navigation it
 * renders once its code is there. Props go through `memo`, so a parent's re-render with
 * equal props leaves a boundary that is still waiting alone.
 *
 * React drops a click on a boundary that is still dehydrated. Links and submit buttons do
 * their native work anyway, but a `type="button"` does nothing without its code: the last such
 * tap made while the code is on its way is replayed once the part is live, so a shopper on a
 * slow network who taps early is not ignored.
 *
 * An update that reaches a boundary still waiting for its code (a tap on add-to-cart changes the
 * cart's context and the page's state) makes React give up hydrating it: it removes the server's
 * markup and renders the boundary from scratch once the code is there. Meanwhile it shows the
 * fallback, which is therefore a copy of that markup as it stands (with what the shopper typed),
 * so the part never blinks out; its links and forms keep working natively.
 *
 * The part sits in a `display: contents` wrapper (no box of its own; the same on both sides)
 * that catches those taps. On the server `load` runs when the module is evaluated and the
 * component renders in place (no streamed fallback), so the markup is the same as with a
 * static import.
 */
export function deferHydration<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Deferred: ComponentType<P>;
  if (import.meta.env.SSR) {
    let loaded: ComponentType<P> | undefined;
    const loading = load().then((component) => (loaded = component));
    Deferred = function DeferredOnServer(props: P) {
      const Component = loaded ?? use(loading);
      return (
        <div className="contents" data-deferred="">
          <Suspense fallback={null}>
            <Component {...props} />
          </Suspense>
        </div>
      );
    };
  } else {
    const Component = lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        // Offline or a new deployment: the part stays missing rather than breaking the page.
        console.warn("[deferHydration] could not load a component", error);
        return { default: () => null };
      }
    });
    Deferred = function DeferredOnClient(props: P) {
      const wrapper = useRef<HTMLDivElement>(null);
      const hydrated = useRef(false);
      // Which of the part's `type="button"` buttons was tapped last, by position: the button
      // itself is replaced when the part is rendered from scratch instead of hydrated.
      const pendingTap = useRef<number | null>(null);
      // The fields' values in the copy shown while the part is rendered from scratch.
      const copiedFields = useRef<FieldValue[] | null>(null);

      useEffect(() => {
        const element = wrapper.current;
        if (!element || hydrated.current) return;
        const remember = (event: MouseEvent) => {
          if (hydrated.current || !(event.target instanceof Element)) return;
          const button = event.target.closest<HTMLElement>(TAP_TARGETS);
          if (!button || !element.contains(button)) return;
          pendingTap.current = [...element.querySelectorAll(TAP_TARGETS)].indexOf(button);
        };
        element.addEventListener("click", remember, true);
        return () => element.removeEventListener("click", remember, true);
      }, []);

      function onHydrated() {
        if (hydrated.current) return;
        hydrated.current = true;
        const element = wrapper.current;
        if (!element) return;
        element.setAttribute("data-deferred", "hydrated");
        if (copiedFields.current) restoreFieldValues(element, copiedFields.current);
        copiedFields.current = null;
        const tapped = pendingTap.current;
        pendingTap.current = null;
        if (tapped !== null && tapped >= 0) element.querySelectorAll<HTMLElement>(TAP_TARGETS)[tapped]?.click();
      }

      return (
        <div ref={wrapper} className="contents" data-deferred="">
          <Suspense fallback={<ServerMarkup wrapper={wrapper} copiedFields={copiedFields} />}>
            <Mounted onMounted={onHydrated}>
              <Component {...props} />
            </Mounted>
          </Suspense>
        </div>
      );
    };
  }
  return memo(Deferred) as unknown as ComponentType<P>;
}

const TAP_TARGETS = 'button[type="button"]';

/**
 * The markup a deferred part shows while React renders it from scratch: a static copy of the
 * server's markup, taken from the page just before React removes it (React renders the fallback
 * first, then commits), looking the same. Form fields keep what the shopper typed: their current values are
 * written into the attributes the copy is made from, and given back to the part's own fields
 * once it is there.
 */
function ServerMarkup({ wrapper, copiedFields }: { wrapper: RefObject<HTMLDivElement | null>; copiedFields: RefObject<FieldValue[] | null> }) {
  const [markup] = useState(() => {
    const element = wrapper.current;
    if (!element) return { __html: "" };
    copiedFields.current = fieldValues(element);
    return { __html: copyWithFieldValues(element) };
  });
  return <div className="contents" dangerouslySetInnerHTML={markup} />;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** A named field's value as the shopper left it; `checked` for a checkbox or a radio button. */
interface FieldValue {
  name: string;
  /** Which of the fields with this name, in document order. */
  index: number;
  value: string;
  checked?: boolean;
}

const NAMED_FIELDS = "input[name], textarea[name], select[name]";
/** Fields the part sets itself (hidden ones) or that must never be copied (files, passwords). */
const isCopyable = (field: Field) => !(field instanceof HTMLInputElement) || !["hidden", "file", "password"].includes(field.type);
const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

function namedFields(element: HTMLElement): Array<{ field: Field; index: number }> {
  const seen = new Map<string, number>();
  return [...element.querySelectorAll<Field>(NAMED_FIELDS)].map((field) => {
    const index = seen.get(field.name) ?? 0;
    seen.set(field.name, index + 1);
    return { field, index };
  });
}

function fieldValues(element: HTMLElement): FieldValue[] {
  return namedFields(element)
    .filter(({ field }) => isCopyable(field))
    .map(({ field, index }) => ({ name: field.name, index, value: field.value, ...(isCheckable(field) ? { checked: field.checked } : {}) }));
}

function copyWithFieldValues(element: HTMLElement): string {
  // The copy is a new element, never the page's :target: what shows only as the target (the
  // order form a #order link opens before the code runs: `hidden target:block`) keeps showing.
  element.querySelector(":target")?.classList.remove("hidden");
  for (const { field } of namedFields(element)) {
    if (!isCopyable(field)) continue;
    if (isCheckable(field)) field.toggleAttribute("checked", field.checked);
    else if (field instanceof HTMLInputElement) field.setAttribute("value", field.value);
    else if (field instanceof HTMLTextAreaElement) field.textContent = field.value;
    else for (const option of field.options) option.toggleAttribute("selected", option.selected);
  }
  return element.innerHTML;
}

/**
 * Gives the part's new fields the values the shopper had typed, as typing would: through the
 * value's own setter (React watches it) and an input and a change event.
 */
function restoreFieldValues(element: HTMLElement, values: FieldValue[]) {
  const byKey = new Map(values.map((value) => [`${value.index}:${value.name}`, value]));
  for (const { field, index } of namedFields(element)) {
    const saved = byKey.get(`${index}:${field.name}`);
    if (!saved || !isCopyable(field)) continue;
    if (isCheckable(field)) {
      if (saved.checked && !field.checked && saved.value === field.value) field.click();
      continue;
    }
    if (field.value === saved.value) continue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, saved.value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/**
 * Calls `onMounted` once its children are in place (their effects have run: children's effects
 * run first), and again whenever it gets a new `onMounted`: the callback must be idempotent.
 */
function Mounted({ onMounted, children }: { onMounted(): void; children: ReactNode }) {
  useEffect(() => onMounted(), [onMounted]);
  return children;
}
