type Validators = typeof import('./validators');
type SchemaName = { [K in keyof Validators]: Validators[K] extends { kind: 'schema' } ? K : never }[keyof Validators];

/**
 * A loader of one schema of lib/validators for useForm().submit: screens name their schema without
 * importing valibot, which then loads while the user types instead of with the screen.
 */
export const lazySchema =
  <K extends SchemaName>(name: K) =>
  (): Promise<Validators[K]> =>
    import('./validators').then((m) => m[name]);
