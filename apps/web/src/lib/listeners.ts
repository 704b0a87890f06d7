// The subscription half of the app's small stores, which React reads with useSyncExternalStore:
// `subscribe` answers the unsubscribe function React expects; `notify` runs after every change.
export interface Listeners {
  subscribe(listener: () => void): () => void;
  notify(): void;
}

export function createListeners(): Listeners {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify() {
      listeners.forEach((listener) => listener());
    },
  };
}
