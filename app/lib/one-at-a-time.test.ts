import { describe, expect, it } from "vitest";
import { oneAtATime } from "./one-at-a-time";

/** A task that records when it runs and finishes only when told to. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("oneAtATime", () => {
  it("runs ten simultaneous tasks one after another, in the order given", async () => {
    const queue = oneAtATime();
    const gates = Array.from({ length: 10 }, gate);
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const results = gates.map((g, index) =>
      queue(async () => {
        started.push(index);
        running++;
        peak = Math.max(peak, running);
        await g.opened;
        running--;
        return index * 10;
      }),
    );
    for (let index = 0; index < gates.length; index++) {
      await tick();
      // Only the task whose turn it is has started; the others wait for it.
      expect(started).toEqual(Array.from({ length: index + 1 }, (_, i) => i));
      gates[index]!.open();
    }
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(peak).toBe(1);
  });

  it("keeps going after a task rejects or throws, failing only that task's caller", async () => {
    const queue = oneAtATime();
    const rejected = queue(() => Promise.reject(new Error("corrupt image")));
    const thrown = queue(() => {
      throw new Error("thrown");
    });
    const after = queue(async () => "next");
    await expect(rejected).rejects.toThrow("corrupt image");
    await expect(thrown).rejects.toThrow("thrown");
    await expect(after).resolves.toBe("next");
  });

  it("starts a task handed in when the queue is idle without waiting for anything", async () => {
    const queue = oneAtATime();
    await queue(async () => "first");
    let ran = false;
    const second = queue(async () => {
      ran = true;
    });
    await tick();
    expect(ran).toBe(true);
    await second;
  });
});
