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

interface Waiting<I, R> {
  item: I;
  resolve: (value: R) => void;
  reject: (err: unknown) => void;
}

/**
 * Work of one key done in batches, one batch of a key at a time: an item that finds its key idle goes at once, and
 * the items that arrive while a batch of their key is in flight go together as the next one (at most `max`). In a
 * booking rush the bookings of a day queue while one statement is on its way and then go in one statement, instead
 * of one after another (services/application-submission.ts). `send` settles each item of a batch, in order.
 */
export class KeyedBatches<I, R> {
  private readonly queues = new Map<string, Waiting<I, R>[]>();

  constructor(
    private readonly send: (key: string, items: I[]) => Promise<PromiseSettledResult<R>[]>,
    private readonly max = 50,
  ) {}

  run(key: string, item: I): Promise<R> {
    return new Promise((resolve, reject) => {
      const waiting = this.queues.get(key);
      if (waiting) waiting.push({ item, resolve, reject });
      else {
        this.queues.set(key, []);
        void this.go(key, [{ item, resolve, reject }]);
      }
    });
  }

  /** Keys with a batch in flight. */
  get keys(): number {
    return this.queues.size;
  }

  private async go(key: string, batch: Waiting<I, R>[]): Promise<void> {
    try {
      const settled = await this.send(
        key,
        batch.map((w) => w.item),
      );
      batch.forEach((w, i) => {
        const result = settled[i];
        if (result?.status === 'fulfilled') w.resolve(result.value);
        else w.reject(result ? result.reason : new Error('batch answered fewer items than it was given'));
      });
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
    const waiting = this.queues.get(key)!;
    if (!waiting.length) {
      this.queues.delete(key);
      return;
    }
    void this.go(key, waiting.splice(0, this.max));
  }
}
