import { useEffect, useRef, type RefObject } from "react";

/**
 * Announces a field's value set by code (a search box choosing the wilaya or the commune) the
 * way typing would: an `input` event on the field, so the form checks its fields again (the
 * order forms listen to it; see useOrderForm) and an error the choice fixed goes away.
 * React's own onChange of a select listens to `change`, so this never loops back into it.
 */
export function useAnnouncedValue(ref: RefObject<HTMLElement | null>, value: string): void {
  const last = useRef(value);
  useEffect(() => {
    if (last.current === value) return;
    last.current = value;
    ref.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [ref, value]);
}
