/**
 * What a suite starts in `before()`, stopped in `after()` whatever happened: each thing is added once started, and
 * `run()` stops them newest first, every one even when another fails, then throws the failures together. A
 * `before()` that fails half-way (a service missing, a start refused) still stops what it had started, and only that:
 * nothing is left running to keep the test file's process alive.
 *
 *   const started = cleanup();
 *   before(async () => {
 *     rig = started.add(await startPebble({ httpPort: 1 }), (r) => r.stop());
 *     h = started.add(await harness({ … }), (x) => x.close());
 *   });
 *   after(() => started.run());
 */
export interface Cleanup {
  /** Remembers how to stop `thing`; returns it. */
  add<T>(thing: T, stop: (thing: T) => unknown): T;
  /** Stops everything added, newest first; throws an AggregateError of what failed to stop. */
  run(): Promise<void>;
}

export function cleanup(): Cleanup {
  const stops: (() => unknown)[] = [];
  return {
    add(thing, stop) {
      stops.push(() => stop(thing));
      return thing;
    },
    async run() {
      const errors: unknown[] = [];
      for (const stop of stops.splice(0).reverse()) {
        try {
          await stop();
        } catch (err) {
          errors.push(err);
        }
      }
      if (errors.length === 1) throw errors[0];
      if (errors.length > 1) throw new AggregateError(errors, `${String(errors.length)} things failed to stop`);
    },
  };
}
