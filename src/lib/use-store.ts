// useStore of @nanostores/react without its `keys` option (no call site passes one), so the entry does not carry
// listenKeys and nanostores' deep-map path helpers. vite.config.ts resolves '@nanostores/react' here (build and tests);
// TypeScript still reads @nanostores/react's types, the same signature.
import { useCallback, useRef, useSyncExternalStore } from 'react';

interface Readable<T> {
  get(): T;
  listen(listener: (value: T) => void): () => void;
  readonly value: T | undefined;
}

export function useStore<T>(store: Readable<T>): T {
  const snapshot = useRef(store.get());
  snapshot.current = store.get();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const emit = (value: T) => {
        if (snapshot.current === value) return;
        snapshot.current = value;
        onChange();
      };
      emit(store.value as T);
      return store.listen(emit);
    },
    [store],
  );
  const get = () => snapshot.current;
  return useSyncExternalStore(subscribe, get, get);
}
