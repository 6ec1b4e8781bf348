/**
 * Whether sign-in will ask for the image code, remembered on this device so the field is there from the start: the
 * server asks after 3 failures of an account within an hour, or 10 from one address within 15 minutes (README,
 * security). Kept: per account name, when the server last answered needCaptcha for it, and when any answer did (a page
 * opened after it shows the field at once). An hour later, or after a success, it is forgotten. No secret is kept,
 * and not even the name: a short hash of it.
 */

export const CAPTCHA_MEMORY_KEY = 'loginCaptcha';
/** The server's longest window (account failures within an hour). */
export const CAPTCHA_MEMORY_MS = 3600_000;

interface Memory {
  /** Hash of an account name → when the server last asked for the image code for it (ms). */
  names: Record<string, number>;
  /** When the last needCaptcha answer came (ms), whichever name. */
  last?: number;
}

/** FNV-1a of the trimmed name: enough to recognise it, without keeping the phone or campus number itself. */
export function nameKey(name: string): string {
  let h = 0x811c9dc5;
  for (const ch of name.trim()) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

function read(now: number): Memory {
  let memory: Memory = { names: {} };
  try {
    const parsed = JSON.parse(localStorage.getItem(CAPTCHA_MEMORY_KEY) ?? 'null') as Memory | null;
    if (parsed && typeof parsed.names === 'object' && parsed.names) memory = parsed;
  } catch {
    // Blocked storage or a damaged value: nothing remembered.
  }
  const fresh = (at: unknown) => typeof at === 'number' && now - at < CAPTCHA_MEMORY_MS;
  return {
    names: Object.fromEntries(Object.entries(memory.names).filter(([, at]) => fresh(at))),
    ...(fresh(memory.last) ? { last: memory.last } : {}),
  };
}

function write(memory: Memory): void {
  try {
    if (!Object.keys(memory.names).length && memory.last === undefined) localStorage.removeItem(CAPTCHA_MEMORY_KEY);
    else localStorage.setItem(CAPTCHA_MEMORY_KEY, JSON.stringify(memory));
  } catch {
    // Private mode or a full quota: the page still asks when the server does.
  }
}

/** The server answered needCaptcha for this name. */
export function rememberCaptcha(name: string, now = Date.now()): void {
  const memory = read(now);
  write({ names: { ...memory.names, [nameKey(name)]: now }, last: now });
}

/** A success: this name (and the page-open hint) is forgotten. */
export function forgetCaptcha(name: string, now = Date.now()): void {
  const { [nameKey(name)]: _gone, ...names } = read(now).names;
  write({ names });
}

/** Will the server ask for the image code for this name (within the hour)? */
export function captchaExpectedFor(name: string, now = Date.now()): boolean {
  return !!name.trim() && nameKey(name) in read(now).names;
}

/** Did the last answer within the hour ask for the image code (the page opens with the field)? */
export function captchaExpectedAtOpen(now = Date.now()): boolean {
  const memory = read(now);
  write(memory);
  return memory.last !== undefined;
}
