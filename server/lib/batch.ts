// Look-ups that arrive together are asked together: the keys asked for during one turn of the event loop go to the
// database in one query (at most `max` at a time), and each caller gets its own answer. In a booking rush every
// refused request looks up its idempotency key; hundreds of round trips become a handful. Outside a rush a look-up
// waits for nothing but the end of the current turn.
export class Batcher<K, V> {
  private pending: { key: K; resolve: (value: V | undefined) => void; reject: (err: unknown) => void }[] = [];
  private scheduled = false;

  constructor(
    /** Answers for some keys: a map from idOf(key) to the value (keys without an answer are absent). */
    private readonly load: (keys: K[]) => Promise<Map<string, V>>,
    private readonly idOf: (key: K) => string,
    private readonly max = 500,
  ) {}

  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      this.pending.push({ key, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const taken = this.pending;
    this.pending = [];
    for (let i = 0; i < taken.length; i += this.max) {
      const part = taken.slice(i, i + this.max);
      this.load(part.map((p) => p.key)).then(
        (found) => {
          for (const p of part) p.resolve(found.get(this.idOf(p.key)));
        },
        (err: unknown) => {
          for (const p of part) p.reject(err);
        },
      );
    }
  }
}
