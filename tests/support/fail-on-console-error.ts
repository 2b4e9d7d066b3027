import { afterEach, beforeEach, vi } from "vitest";

// A stray console.error is a bug: it fails the test that produced it.
// A test that expects one spies on console.error itself (vi.spyOn(...).mockImplementation).
let calls: unknown[][] = [];
const original = console.error;

beforeEach(() => {
  calls = [];
  console.error = (...args: unknown[]) => {
    calls.push(args);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  vi.restoreAllMocks();
  if (calls.length > 0) {
    throw new Error(`console.error was called ${calls.length} time(s); first: ${calls[0]?.map(String).join(" ")}`);
  }
});
