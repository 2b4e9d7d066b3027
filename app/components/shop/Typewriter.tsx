import { useEffect, useState } from "react";
import { typewriterStep, typewriterText, type TypewriterState } from "~/lib/typewriter";

/**
 * Types the texts in turn. The server renders every text (readable without
 * JavaScript and by search engines); the animation only starts in the browser,
 * and not at all for readers who ask for reduced motion.
 */
export function Typewriter({ texts, className = "" }: { texts: string[]; className?: string }) {
  const first = texts[0] ?? "";
  const [state, setState] = useState<TypewriterState | null>(null);

  useEffect(() => {
    if (texts.length === 0 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let current: TypewriterState = { index: 0, length: [...first].length, deleting: false };
    let timer = 0;
    const tick = () => {
      const { next, delay } = typewriterStep(current, texts);
      timer = window.setTimeout(() => {
        current = next;
        setState(next);
        tick();
      }, delay);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [texts, first]);

  return (
    <p className={className}>
      {/* Every tagline, for screen readers and search engines. */}
      <span className="sr-only">{texts.join(" · ")}</span>
      <span aria-hidden="true" data-testid="typewriter">
        {state ? typewriterText(state, texts) : first}
        <span className="ms-0.5 inline-block w-0.5 animate-pulse bg-current align-middle">&nbsp;</span>
      </span>
    </p>
  );
}
