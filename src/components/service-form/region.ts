/**
 * Hand-off between a form and the /address screen (sessionStorage survives the navigation and a reload):
 * the form asks for a region for one of its fields, /address answers and goes back, the form takes it.
 */

export interface RegionRequest {
  /** The asking form (its service code). */
  form: string;
  /** Prefix of its region fields, e.g. `yjxx`. */
  field: string;
}

export interface RegionChoice extends RegionRequest {
  /** Division codes from province down to the last level chosen. */
  codes: string[];
  /** Their names, same order. */
  names: string[];
}

const REQUEST = 'address:request';
const CHOICE = 'address:choice';

function read<T>(key: string): T | null {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Blocked storage: the choice simply does not come back.
  }
}

export function requestRegion(request: RegionRequest): void {
  write(CHOICE, null);
  write(REQUEST, request);
}

export const pendingRegionRequest = () => read<RegionRequest>(REQUEST);

/** Called by /address with the user's choice (before it goes back). */
export function deliverRegion(choice: RegionChoice): void {
  write(REQUEST, null);
  write(CHOICE, choice);
}

/** The choice made for `form`, once (it is removed). */
export function takeRegion(form: string): RegionChoice | null {
  const choice = read<RegionChoice>(CHOICE);
  if (!choice || choice.form !== form) return null;
  write(CHOICE, null);
  return choice;
}
