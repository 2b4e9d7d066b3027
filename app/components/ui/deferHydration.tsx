import { lazy, memo, Suspense, use, type ComponentType } from "react";

/**
 * A component the server renders as usual, but whose code is not part of the page's first
 * load in the browser: `load` fetches it when React hydrates the page, and until it arrives
 * React keeps the server's markup as it is (a dehydrated Suspense boundary: its forms and
 * links work as without JavaScript), then hydrates it. After a client-side navigation it
 * renders once its code is there. Props go through `memo`, so a parent's re-render with
 * equal props leaves a boundary that is still waiting alone.
 *
 * On the server `load` runs when the module is evaluated and the component renders in place
 * (no streamed fallback), so the markup is the same as with a static import.
 */
export function deferHydration<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Deferred: ComponentType<P>;
  if (import.meta.env.SSR) {
    let loaded: ComponentType<P> | undefined;
    const loading = load().then((component) => (loaded = component));
    Deferred = function DeferredOnServer(props: P) {
      const Component = loaded ?? use(loading);
      return (
        <Suspense fallback={null}>
          <Component {...props} />
        </Suspense>
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
      return (
        <Suspense fallback={null}>
          <Component {...props} />
        </Suspense>
      );
    };
  }
  return memo(Deferred) as unknown as ComponentType<P>;
}
