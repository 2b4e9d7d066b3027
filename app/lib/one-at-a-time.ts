/**
 * A queue that runs the tasks handed to it one at a time, in the order they were handed in: each
 * starts only once the one before it has settled. A task that fails (rejects or throws) fails
 * only its own caller; the tasks behind it still run.
 *
 *   const decodes = oneAtATime();
 *   const webp = await decodes(() => sharp(input).webp().toBuffer());
 */
export function oneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task);
    // The next task waits for this one to settle, whatever its outcome.
    tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };
}
