// The server against the document: what is not implemented yet is an explicit list (later issues shrink it),
// and nothing is registered that the document lacks.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../server/helpers.ts';

/** Operations of openapi/ the server does not implement yet, sorted. */
const NOT_IMPLEMENTED: string[] = [];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('implements every operation of the document except the NOT_IMPLEMENTED list', () => {
  const documented = [...t.app.openapi.operations.keys()];
  const missing = documented.filter((id) => !t.app.implementedOperations.has(id)).sort();
  expect(missing).toEqual([...NOT_IMPLEMENTED].sort());
});

it('registers nothing the document lacks, each at the document method and path', () => {
  for (const id of t.app.implementedOperations) {
    const op = t.app.openapi.operations.get(id);
    expect(op, id).toBeDefined();
    expect(t.app.hasRoute({ method: op!.method, url: op!.url }), `${op!.method} ${op!.path}`).toBe(true);
  }
});

it('keeps the NOT_IMPLEMENTED list honest (every entry is in the document)', () => {
  for (const id of NOT_IMPLEMENTED) expect(t.app.openapi.operations.has(id), id).toBe(true);
});
