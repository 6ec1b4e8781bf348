// Appointment days this instance has just seen full. In a booking rush nearly every request comes after the last
// place is gone: with this memory such a booking is refused (「该日期名额已满，请选择其他日期」) before its user, its
// form or the day's quota row is read. A place that comes back (a withdrawal or refusal, the office raising the
// quota) is seen at once by the instance where it happened and within `ttlMs` by the others. The memory only ever
// refuses earlier: a booking it lets through still takes its place with the conditional update in the transaction.

/** One appointment day of one kind and channel, as a map key (also the booking gate's, services/applications.ts). */
export const dayKey = (kind: string, channel: string, day: string) => `${kind}\u0000${channel}\u0000${day}`;

export class FullDays {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The day's last place is gone (a refused decrement, or a quota row read with nothing left). */
  mark(kind: string, channel: string, day: string): void {
    if (this.seen.size > 1000) this.seen.clear(); // never grows: days are few, a stray flood starts over
    this.seen.set(dayKey(kind, channel, day), this.now() + this.ttlMs);
  }

  /** Whether the day was seen full less than `ttlMs` ago here. */
  has(kind: string, channel: string, day: string): boolean {
    const k = dayKey(kind, channel, day);
    const until = this.seen.get(k);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.seen.delete(k);
    return false;
  }

  /** A place came back here: the day is offered again at once. */
  forget(kind: string, channel: string, day: string): void {
    this.seen.delete(dayKey(kind, channel, day));
  }

  /** The office changed quotas. */
  clear(): void {
    this.seen.clear();
  }
}
