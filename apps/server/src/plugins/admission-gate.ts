export interface AdmissionLimit {
  /** Requests of this kind handled at once. */
  concurrency: number;
  /** Requests waiting for a place; one more is refused at once. */
  queue: number;
  /** A request that waited this long for a place is refused rather than served late. */
  maxWaitMs: number;
  /** What `Retry-After` says, in seconds. */
  retryAfterSeconds: number;
  /**
   * Whether a running request of this kind also takes one of the places the kinds share
   * (`SharedPlaces`). A kind that does not has its own places only, which no other kind can fill.
   */
  shared?: boolean;
}

interface Waiter {
  /** When it asked, to admit the longest-waiting request first across kinds. */
  since: number;
  admit(): void;
  timer: NodeJS.Timeout;
}

/**
 * Places every sharing kind draws on, besides its own: the cap on how much runs at once in all.
 * With embedded storage every request's queries and code take turns on one thread, so each request
 * in flight slows every other by its share of each turn; a request of many steps (an upload's
 * dozens of statements) waits a turn for each, and many requests in flight starved it.
 */
export class SharedPlaces {
  running = 0;
  readonly gates: AdmissionGate[] = [];

  constructor(readonly size: number) {}

  /** Fills free places with waiting requests, the one that waited longest first, whatever its kind. */
  admitWaiting(): void {
    for (;;) {
      let next: AdmissionGate | null = null;
      for (const gate of this.gates) {
        const since = gate.nextWaitingSince();
        if (since !== null && gate.hasPlace() && (!next || since < next.nextWaitingSince()!)) next = gate;
      }
      if (!next) return;
      next.admitNext();
    }
  }
}

/** A counting semaphore with a bounded FIFO queue, and optionally places shared with other gates. */
export class AdmissionGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private readonly shared: SharedPlaces | null;

  constructor(
    readonly limit: AdmissionLimit,
    shared?: SharedPlaces,
  ) {
    this.shared = limit.shared && shared ? shared : null;
    this.shared?.gates.push(this);
  }

  get busy(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Whether a request of this kind could start now. */
  hasPlace(): boolean {
    return this.running < this.limit.concurrency && (!this.shared || this.shared.running < this.shared.size);
  }

  nextWaitingSince(): number | null {
    return this.waiting[0]?.since ?? null;
  }

  /**
   * Resolves with a release function once the request may run, or with null when the queue is
   * full (at once) or the wait ran out.
   */
  enter(): Promise<(() => void) | null> {
    // Nobody waits ahead of it (a new arrival cannot jump the queue) and there is a place.
    if (this.waiting.length === 0 && this.hasPlace()) {
      this.take();
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.limit.queue) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        since: performance.now(),
        admit: () => {
          clearTimeout(waiter.timer);
          resolve(this.releaser());
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          resolve(null);
        }, this.limit.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** Starts the first waiting request (the caller checked there is a place). */
  admitNext(): void {
    const next = this.waiting.shift();
    if (!next) return;
    this.take();
    next.admit();
  }

  private take(): void {
    this.running++;
    if (this.shared) this.shared.running++;
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      if (this.shared) {
        this.shared.running--;
        this.shared.admitWaiting();
      } else if (this.hasPlace()) {
        this.admitNext();
      }
    };
  }
}
