// The contract's types on the server side: the component schemas and operations generated from openapi/ (the same
// shared/contract/schema.d.ts the app uses). A shape the wire defines is named from here, never written again.
import type { components, operations } from '../../shared/contract/schema';

export type Schemas = components['schemas'];

/** The JSON body of an operation. */
export type BodyOf<K extends keyof operations> = operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : never;
