// Schema-derived fast-check arbitraries for the fuzz test: valid values of a (dereferenced) JSON schema, with their
// boundaries, and hostile values (out-of-range numbers, huge strings, NUL bytes, lone surrogates, wrong types) put at
// one place of an otherwise valid value. Only what the document's schemas use is understood: type (also as a list),
// enum/const, allOf/anyOf/oneOf, properties/required/additionalProperties, items, min/max(Length|Items|imum), pattern,
// format (date, date-time, binary) and examples.
import fc from 'fast-check';

export type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** allOf folded into one schema (properties and required merged; the first word wins otherwise). */
export function flatten(schema: unknown): Schema {
  if (!isObject(schema)) return {};
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  let out: Schema = { ...rest };
  for (const part of (allOf as unknown[]).map(flatten)) {
    const properties = { ...(isObject(out.properties) ? out.properties : {}), ...(isObject(part.properties) ? part.properties : {}) };
    const required = [...new Set([...((out.required as string[]) ?? []), ...((part.required as string[]) ?? [])])];
    out = { ...part, ...out, properties, required };
  }
  if (!Object.keys(out.properties as Schema).length) delete out.properties;
  return out;
}

const typesOf = (s: Schema): string[] => {
  if (Array.isArray(s.type)) return s.type as string[];
  if (typeof s.type === 'string') return [s.type];
  if (isObject(s.properties) || s.additionalProperties !== undefined) return ['object'];
  if (s.items !== undefined) return ['array'];
  return [];
};

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

const INT32_MAX = 2147483647;

/** The lowest and highest value a numeric schema takes (its bounds, else a plausible range). */
function numericRange(s: Schema, integer: boolean): [number, number] {
  const exMin = num(s.exclusiveMinimum);
  const exMax = num(s.exclusiveMaximum);
  const step = integer ? 1 : 1e-6;
  const min = num(s.minimum) ?? (exMin !== undefined ? exMin + step : undefined);
  const max = num(s.maximum) ?? (exMax !== undefined ? exMax - step : undefined);
  const lo = min ?? (max !== undefined ? Math.min(max, 0) - 10 : -10);
  const hi = max ?? Math.min(lo + 1000, Number.MAX_SAFE_INTEGER);
  return [lo, Math.max(lo, hi)];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Valid dates around today: mostly the next weeks (the days services offer), else any day of the last 40 years. */
const dateArb = fc
  .oneof(fc.integer({ min: 1, max: 21 }), fc.integer({ min: -40 * 365, max: 400 }))
  .map((days) => new Date(Date.now() + days * 86_400_000))
  .map((d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`);

/** Values a test knows to be meaningful for a property (dictionary codes, file ids…), by name and schema. */
export type Hints = (name: string, schema: Schema) => fc.Arbitrary<unknown> | undefined;

function stringArb(s: Schema): fc.Arbitrary<string> {
  const minLength = num(s.minLength) ?? 0;
  const maxLength = num(s.maxLength);
  const examples = Array.isArray(s.examples) ? (s.examples as unknown[]).filter((e): e is string => typeof e === 'string') : [];
  if (s.format === 'date') return fc.oneof(dateArb, ...(examples.length ? [fc.constantFrom(...examples)] : []));
  if (s.format === 'date-time') return dateArb.map((d) => `${d}T08:00:00+08:00`);
  const options: fc.Arbitrary<string>[] = [];
  if (typeof s.pattern === 'string') {
    let re: RegExp | undefined;
    try {
      re = new RegExp(s.pattern, 'u');
    } catch {
      re = undefined;
    }
    // Lookaheads are not understood by stringMatching: a password-like value instead.
    if (re && !/\(\?[=!<]/.test(s.pattern))
      options.push(fc.stringMatching(re).map((v) => (maxLength !== undefined ? v.slice(0, maxLength) : v)));
    else options.push(fc.constantFrom('Passw0rd2026', 'abc12345', 'Abcdefg1'));
  } else {
    const cap = Math.max(minLength, Math.min(maxLength ?? 24, 24));
    options.push(fc.string({ minLength, maxLength: cap, unit: 'grapheme-composite' }));
    options.push(fc.string({ minLength, maxLength: cap, unit: fc.constantFrom('张', '三', '北', '京', '路', '1', 'a', ' ') }));
    // The boundaries: the shortest and the longest text the schema takes, in CJK and in astral characters.
    if (maxLength !== undefined && maxLength <= 5000) {
      options.push(fc.constantFrom('中'.repeat(maxLength), '𠀀'.repeat(maxLength), 'a'.repeat(Math.max(minLength, 1))));
    }
  }
  if (examples.length) options.push(fc.constantFrom(...examples));
  return fc.oneof(...options);
}

function integerArb(s: Schema): fc.Arbitrary<number> {
  const [lo, hi] = numericRange(s, true);
  const small = fc.integer({ min: lo, max: Math.min(hi, lo + 40) });
  return fc.oneof(
    { arbitrary: small, weight: 4 },
    { arbitrary: fc.constantFrom(lo, hi), weight: 1 },
    { arbitrary: fc.integer({ min: lo, max: Math.min(hi, Number.MAX_SAFE_INTEGER) }), weight: 1 },
  );
}

/** Valid values of a schema (depth-bounded: deep optional parts are left out). */
export function validArb(schema: unknown, depth = 0, hints?: Hints): fc.Arbitrary<unknown> {
  const s = flatten(schema);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined) as unknown[] | undefined;
  if (alternatives?.length) {
    const { oneOf: _o, anyOf: _a, ...base } = s;
    return fc.oneof(...alternatives.map((alt) => validArb({ ...base, ...flatten(alt) }, depth, hints)));
  }
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((type) => validArb({ ...s, type }, depth, hints)));
  switch (types[0]) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return integerArb(s);
    case 'number': {
      const [lo, hi] = numericRange(s, false);
      return fc.oneof(fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }), fc.constantFrom(lo, hi));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minItems = num(s.minItems) ?? 0;
      const maxItems = Math.max(minItems, Math.min(num(s.maxItems) ?? 4, depth > 2 ? minItems : 4));
      return fc.array(validArb(s.items ?? {}, depth + 1, hints), { minLength: minItems, maxLength: maxItems });
    }
    case 'object': {
      const properties = isObject(s.properties) ? s.properties : {};
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
      const keys = Object.keys(properties).filter((k) => required.has(k) || depth < 4);
      if (!keys.length && isObject(s.additionalProperties)) {
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), validArb(s.additionalProperties, depth + 1, hints), { maxKeys: 3 });
      }
      const model = Object.fromEntries(
        keys.map((k) => {
          const own = validArb(properties[k], depth + 1, hints);
          const hinted = hints?.(k, flatten(properties[k]));
          return [k, hinted ? fc.oneof({ arbitrary: hinted, weight: 4 }, { arbitrary: own, weight: 1 }) : own];
        }),
      );
      return fc.record(model, { requiredKeys: keys.filter((k) => required.has(k)) });
    }
    default:
      return fc.oneof(fc.constant('x'), fc.integer({ min: 0, max: 10 }), fc.boolean());
  }
}

const HUGE = 'x'.repeat(200_000);

/** Values no valid input holds, for any place: wrong types, out-of-range numbers, hostile text. */
export const hostileValues: readonly unknown[] = [
  null,
  true,
  [],
  {},
  [1, 'a'],
  { a: { b: { c: [null] } } },
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '\ufffe\uffff',
  '😀'.repeat(70),
  '\u202egnp.exe',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '../../../etc/passwd',
  '0000-01-01',
  '2024-02-30',
  '99999-01-01',
  '1969-12-31T25:61:00Z',
  'NaN',
  'Infinity',
  '1e20',
  '0x10',
  ' 1',
  '１２３',
  '-0',
  '2147483648',
  '-2147483649',
  '99999999999999999999999',
  2147483648,
  -2147483649,
  4294967296,
  2 ** 53 + 2,
  1e20,
  -1e20,
  1e308,
  0,
  -1,
  1.5,
  HUGE,
];

/** Hostile values fitted to a schema: one past each bound, and text one character too long. */
export function boundaryBreakers(schema: unknown): unknown[] {
  const s = flatten(schema);
  const out: unknown[] = [];
  const types = typesOf(s);
  if (types.includes('integer') || types.includes('number')) {
    const min = num(s.minimum);
    const max = num(s.maximum);
    if (min !== undefined) out.push(min - 1);
    if (max !== undefined) out.push(max + 1);
    out.push(INT32_MAX + 1, 2 ** 53 + 2);
  }
  if (types.includes('string')) {
    const maxLength = num(s.maxLength);
    if (maxLength !== undefined) out.push('中'.repeat(maxLength + 1), `${'a'.repeat(Math.max(0, maxLength - 1))}\u0000`);
  }
  if (types.includes('array')) {
    const maxItems = num(s.maxItems);
    if (maxItems !== undefined && maxItems < 5000) out.push(Array.from({ length: maxItems + 1 }, () => ({})));
    out.push(Array.from({ length: 3000 }, (_, i) => i));
  }
  return out;
}

export const hostileArb = (schema: unknown): fc.Arbitrary<unknown> => {
  const fitted = boundaryBreakers(schema);
  return fc.oneof(
    { arbitrary: fc.constantFrom(...hostileValues), weight: 3 },
    ...(fitted.length ? [{ arbitrary: fc.constantFrom(...fitted), weight: 2 }] : []),
    { arbitrary: fc.string({ maxLength: 12, unit: 'binary' }), weight: 1 },
    { arbitrary: fc.double(), weight: 1 },
  );
};

/** Every place of a value (root, each property, each item), with the schema that describes it. */
export function placesOf(
  value: unknown,
  schema: unknown,
  path: (string | number)[] = [],
): { path: (string | number)[]; schema: unknown }[] {
  const s = flatten(schema);
  const out: { path: (string | number)[]; schema: unknown }[] = [{ path, schema: s }];
  if (Array.isArray(value)) value.forEach((item, i) => out.push(...placesOf(item, s.items, [...path, i])));
  else if (isObject(value)) {
    const properties = isObject(s.properties) ? s.properties : {};
    for (const [k, v] of Object.entries(value)) out.push(...placesOf(v, properties[k] ?? s.additionalProperties, [...path, k]));
  }
  return out;
}

/** A copy of value with the place at path replaced (or removed when replacement is the symbol DROP). */
export const DROP = Symbol('drop');
export function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement === DROP ? undefined : replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length || replacement !== DROP) copy[head as number] = replaceAt(copy[head as number], rest, replacement);
    else copy.splice(head as number, 1);
    return copy;
  }
  if (isObject(value)) {
    const copy: Schema = { ...value };
    if (rest.length || replacement !== DROP) copy[head as string] = replaceAt(copy[head as string], rest, replacement);
    else delete copy[head as string];
    return copy;
  }
  return value;
}

/** A copy of value with the place at path set, making the objects and arrays on the way that are not there. */
export function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const copy = Array.isArray(value) ? [...value] : [];
    copy[head] = setAt(copy[head], rest, replacement);
    return copy;
  }
  const copy: Schema = isObject(value) ? { ...value } : {};
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

export interface Probe {
  path: (string | number)[];
  value: unknown;
  label: string;
}

/**
 * The places of a schema (to depth 4; array items as item 0; each branch of oneOf/anyOf) with the values that break
 * databases: for a number the largest valid one, 2^31 and 1e20; for text a NUL byte, the longest valid text in
 * astral characters (four UTF-8 bytes each) and one character more; for a date the year 0000 and 9999-12-31.
 */
export function probesOf(schema: unknown, path: (string | number)[] = [], depth = 0): Probe[] {
  const s = flatten(schema);
  const alternatives = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) {
    const { oneOf: _o, anyOf: _a, ...base } = s;
    return alternatives.flatMap((alt) => probesOf({ ...base, ...flatten(alt) }, path, depth));
  }
  const types = typesOf(s);
  const out: Probe[] = [];
  const where = path.join('.') || '(root)';
  if (path.length && (types.includes('integer') || types.includes('number'))) {
    const max = num(s.maximum);
    if (max !== undefined) out.push({ path, value: max, label: `${where} = its maximum ${max}` });
    out.push({ path, value: INT32_MAX + 1, label: `${where} = 2147483648` }, { path, value: 1e20, label: `${where} = 1e20` });
  }
  if (path.length && types.includes('string') && (s.format === 'date' || s.format === 'date-time')) {
    const t = s.format === 'date' ? '' : 'T00:00:00Z';
    out.push(
      { path, value: `0000-01-01${t}`, label: `${where} = year 0000` },
      { path, value: `9999-12-31${t}`, label: `${where} = 9999-12-31` },
    );
  }
  if (path.length && types.includes('string') && !Array.isArray(s.enum) && !('const' in s)) {
    const maxLength = num(s.maxLength);
    out.push({ path, value: 'a\u0000b', label: `${where} with NUL` });
    if (maxLength !== undefined && maxLength <= 100_000) {
      out.push({ path, value: '𠀀'.repeat(maxLength), label: `${where} = ${maxLength} astral characters` });
      out.push({ path, value: '中'.repeat(maxLength + 1), label: `${where} = ${maxLength + 1} characters` });
    } else out.push({ path, value: 'x'.repeat(100_000), label: `${where} = 100000 characters` });
  }
  if (depth < 4) {
    if (isObject(s.properties)) for (const [k, v] of Object.entries(s.properties)) out.push(...probesOf(v, [...path, k], depth + 1));
    if (s.items !== undefined) out.push(...probesOf(s.items, [...path, 0], depth + 1));
  }
  return out;
}

/** Percent-encodes text as UTF-8, lone surrogates as the (invalid) three bytes WTF-8 would give them. */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else out += encodeURIComponent(text[i]!);
  }
  return out;
}

/** How a query or path value goes over the wire. */
export const wireText = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
