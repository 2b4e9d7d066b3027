/** Typewriter timings of the home hero, in milliseconds. */
export const TYPE_MS = 80;
export const DELETE_MS = 40;
export const PAUSE_MS = 2500;

export interface TypewriterState {
  /** Which text is being typed. */
  index: number;
  /** How many of its characters are shown. */
  length: number;
  deleting: boolean;
}

/**
 * One step of the typewriter: type a character every 80 ms, pause 2500 ms on a
 * full text, delete a character every 40 ms, then move to the next text.
 * Returns the next state and how long to wait before showing it.
 */
export function typewriterStep(state: TypewriterState, texts: readonly string[]): { next: TypewriterState; delay: number } {
  const text = [...(texts[state.index] ?? "")];
  if (!state.deleting) {
    if (state.length < text.length) return { next: { ...state, length: state.length + 1 }, delay: TYPE_MS };
    return { next: { ...state, deleting: true }, delay: PAUSE_MS };
  }
  if (state.length > 0) return { next: { ...state, length: state.length - 1 }, delay: DELETE_MS };
  return { next: { index: (state.index + 1) % texts.length, length: 0, deleting: false }, delay: TYPE_MS };
}

/** The visible part of the current text (by code points, so no character is split). */
export function typewriterText(state: TypewriterState, texts: readonly string[]): string {
  return [...(texts[state.index] ?? "")].slice(0, state.length).join("");
}
