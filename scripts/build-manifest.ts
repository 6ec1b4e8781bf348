// Vite's build manifest (dist/web/.vite/manifest.json), for the scripts that measure what the build sends.

/** One chunk of the manifest, keyed by its source path (or `_<file>` for a shared chunk). */
export interface Chunk {
  file: string;
  src?: string;
  /** A shared chunk's name (its group or its first module). */
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, Chunk>;

/** Files a chunk loads with it: itself, its static imports (transitively) and their CSS. */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const c = manifest[key];
  if (!c || seen.has(c.file)) return seen;
  seen.add(c.file);
  for (const css of c.css ?? []) seen.add(css);
  for (const imp of c.imports ?? []) closure(manifest, imp, seen);
  return seen;
}
