import {
  lazy,
  memo,
  Suspense,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from "react";

/**
 * A component the server renders as usual, but whose code is not part of the page's first
 * load in the browser: `load` fetches it when React hydrates the page, and until it arrives
 * React keeps the server's markup as it is (a dehydrated Suspense boundary: its forms and
 * links work as without JavaScript), then hydrates it. After a client-side navigation it
 * renders once its code is there.
 *
 * An update that reaches a boundary still waiting for its code makes React give up hydrating
 * it: React removes the server's markup, shows the fallback, and renders the part from scratch
 * once its code is there. Two things keep that from showing:
 * - until it is live, the part keeps the element it was first rendered with, so the page's own
 *   changes (a tap on add-to-cart, opening the order form) do not reach it; it then takes the
 *   latest props (the order form opens, say);
 * - a context change above it still reaches it (React cannot tell which contexts a part it has
 *   not rendered reads): the fallback then puts the server's nodes back as they stood, and what
 *   the shopper typed in them goes to the part's own fields once it is there.
 *
 * React drops a click on a boundary that is still dehydrated. Links and submit buttons do
 * their native work anyway, but a `type="button"` does nothing without its code: the last such
 * tap made while the code is on its way is replayed once the part is live, so a shopper on a
 * slow network who taps early is not ignored.
 *
 * The part sits in a `display: contents` wrapper (no box of its own; the same on both sides)
 * that tells whose taps those are. On the server `load` runs when the module is evaluated and the
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
      const [live, setLive] = useState(false);
      // Which `type="button"` of the part was tapped last, by position: after a give-up the
      // part's own button is a new one in the same place.
      const pendingTap = useRef<number | null>(null);
      // The server's nodes React gave up on, with what the shopper typed in them (see ServerMarkup).
      const heldServerNodes = useRef<HTMLElement | null>(null);
      const keepServerNodes = useCallback((held: HTMLElement) => (heldServerNodes.current = held), []);
      // The element the part was first rendered with, the same object until the part is live,
      // so that React leaves the dehydrated boundary alone (see above).
      const first = useRef<ReactNode>(null);

      useEffect(() => {
        const element = wrapper.current;
        if (!element || live) return;
        // Caught on the window, before React: React stops a click on a dehydrated boundary at
        // the document once it has found it cannot hydrate it yet.
        const remember = (event: MouseEvent) => {
          if (!(event.target instanceof Element)) return;
          const button = event.target.closest<HTMLElement>(TAP_TARGETS);
          if (button && element.contains(button)) pendingTap.current = [...element.querySelectorAll(TAP_TARGETS)].indexOf(button);
        };
        window.addEventListener("click", remember, true);
        return () => window.removeEventListener("click", remember, true);
      }, [live]);

      const onMounted = useCallback(() => setLive(true), []);
      useEffect(() => {
        const element = wrapper.current;
        if (!live || !element) return;
        element.setAttribute("data-deferred", "hydrated");
        const held = heldServerNodes.current;
        const tapped = pendingTap.current;
        heldServerNodes.current = null;
        pendingTap.current = null;
        void (async () => {
          // Only after a give-up: its code is fetched then, not with every page.
          if (held) await (await import("./restoreFieldValues")).restoreFieldValues(element, held);
          if (tapped !== null && tapped >= 0) element.querySelectorAll<HTMLElement>(TAP_TARGETS)[tapped]?.click();
        })();
      }, [live]);

      const part = (
        <Suspense fallback={<ServerMarkup wrapper={wrapper} onLeave={keepServerNodes} />}>
          <Mounted onMounted={onMounted}>
            <Component {...props} />
          </Mounted>
        </Suspense>
      );
      first.current ??= part;
      return (
        <div ref={wrapper} className="contents" data-deferred="">
          {live ? part : first.current}
        </div>
      );
    };
  }
  return memo(Deferred) as unknown as ComponentType<P>;
}

const TAP_TARGETS = 'button[type="button"]';

/**
 * What a deferred part shows after React gave up hydrating it, until its code is there: the
 * server's own nodes, put back as React removed them (with what the shopper typed, and the focus),
 * so the part never blinks out and its links and forms keep working natively. `onLeave` gets
 * the element holding them, to read what was typed once the part's own fields are there.
 */
function ServerMarkup({ wrapper, onLeave }: { wrapper: RefObject<HTMLDivElement | null>; onLeave(held: HTMLElement): void }) {
  // Read while React renders the fallback: it removes these nodes when it puts the fallback in.
  const [server] = useState(() => ({
    nodes: wrapper.current ? [...wrapper.current.childNodes].filter((node) => node.nodeType !== Node.COMMENT_NODE) : [],
    focused: document.activeElement,
  }));
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = holder.current;
    if (!element) return;
    element.append(...server.nodes.filter((node) => !node.isConnected));
    if (server.focused instanceof HTMLElement && element.contains(server.focused)) server.focused.focus();
    return () => onLeave(element);
  }, [server, onLeave]);
  return <div ref={holder} className="contents" />;
}

/**
 * Calls `onMounted` once its children are in place (their effects have run: children's effects
 * run first), and again whenever it gets a new `onMounted`: the callback must be idempotent.
 */
function Mounted({ onMounted, children }: { onMounted(): void; children: ReactNode }) {
  useEffect(() => onMounted(), [onMounted]);
  return children;
}
