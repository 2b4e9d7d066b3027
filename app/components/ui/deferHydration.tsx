import { lazy, memo, Suspense, use, useEffect, useRef, type ComponentType, type ReactNode } from "react";

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
 * tap made while the code is on its way is replayed once the part has hydrated, so a shopper
 * on a slow network who taps early is not ignored.
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
      const pendingTap = useRef<HTMLElement | null>(null);

      useEffect(() => {
        const element = wrapper.current;
        if (!element || hydrated.current) return;
        const remember = (event: MouseEvent) => {
          if (hydrated.current || !(event.target instanceof Element)) return;
          const button = event.target.closest<HTMLElement>('button[type="button"]');
          if (button && element.contains(button)) pendingTap.current = button;
        };
        element.addEventListener("click", remember, true);
        return () => element.removeEventListener("click", remember, true);
      }, []);

      function onHydrated() {
        hydrated.current = true;
        wrapper.current?.setAttribute("data-deferred", "hydrated");
        const button = pendingTap.current;
        pendingTap.current = null;
        if (button?.isConnected) button.click();
      }

      return (
        <div ref={wrapper} className="contents" data-deferred="">
          <Suspense fallback={null}>
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

/**
 * Calls `onMounted` once its children are in place (their effects have run: children's effects
 * run first), and again whenever it gets a new `onMounted`: the callback must be idempotent.
 */
function Mounted({ onMounted, children }: { onMounted(): void; children: ReactNode }) {
  useEffect(() => onMounted(), [onMounted]);
  return children;
}
