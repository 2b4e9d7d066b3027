import { describe, expect, it } from "vitest";
import { DELETE_MS, PAUSE_MS, TYPE_MS, typewriterStep, typewriterText, type TypewriterState } from "./typewriter";

const texts = ["ab", "xyz"];

function run(state: TypewriterState, steps: number) {
  const delays: number[] = [];
  for (let i = 0; i < steps; i++) {
    const { next, delay } = typewriterStep(state, texts);
    delays.push(delay);
    state = next;
  }
  return { state, delays };
}

describe("typewriter", () => {
  it("types at 80 ms, pauses 2500 ms, deletes at 40 ms, then moves to the next text", () => {
    const { state, delays } = run({ index: 0, length: 0, deleting: false }, 6);
    expect(delays).toEqual([TYPE_MS, TYPE_MS, PAUSE_MS, DELETE_MS, DELETE_MS, TYPE_MS]);
    expect(state).toEqual({ index: 1, length: 0, deleting: false });
  });

  it("wraps around after the last text", () => {
    const { state } = run({ index: 1, length: 3, deleting: true }, 4);
    expect(state.index).toBe(0);
  });

  it("shows the typed prefix without splitting characters", () => {
    expect(typewriterText({ index: 1, length: 2, deleting: false }, texts)).toBe("xy");
    expect(typewriterText({ index: 0, length: 1, deleting: false }, ["🙂ب"])).toBe("🙂");
  });
});
