/**
 * One flush of a buffer at a time, where every caller's flush covers what was recorded before its call. A flush
 * under way took its batch when it started, so a call made meanwhile gets the next flush, started once that one
 * ends; calls made while the next one waits share it (at most one waits, however often a timer asks).
 */
export class Flushes {
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(private readonly write: () => Promise<void>) {}

  flush(): Promise<void> {
    if (this.running === undefined) {
      const running = this.write().finally(() => {
        this.running = undefined;
      });
      this.running = running;
      return running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.flush();
      });
    return this.queued;
  }
}
