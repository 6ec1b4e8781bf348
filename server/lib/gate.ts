// A first-come, first-served gate: at most `size` callers inside at once, the rest wait in arrival order.
// Submits go through one (services/applications.ts): in a booking rush, requests that all share the database pool
// query by query finish together at the end of the rush; through the gate the first ones in finish first, and the
// database is never asked more at once than it can answer (throughput is unchanged, the median falls).
export class Gate {
  private inside = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inside >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inside += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.inside -= 1;
    }
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Nobody inside and nobody waiting. */
  get idle(): boolean {
    return this.inside === 0 && this.waiting.length === 0;
  }
}
