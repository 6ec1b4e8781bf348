// Prepared statements for the hottest reads: the SQL is built once per executor (drizzle's query builder costs more
// CPU than the round trip it prepares), and on PostgreSQL the named statement is parsed and planned once per pooled
// connection. Keyed by executor, so a statement prepared on the pool never runs outside a caller's transaction.
// Statements select named columns, never `*`: an added column (the only kind of change a rolling upgrade makes while
// old instances run) leaves a prepared statement's result unchanged.
import type { Executor } from './client.ts';

const byExecutor = new WeakMap<Executor, Map<string, unknown>>();

export function prepared<T>(db: Executor, name: string, build: (name: string) => T): T {
  let statements = byExecutor.get(db);
  if (!statements) byExecutor.set(db, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (!statement) statements.set(name, (statement = build(name)));
  return statement;
}
