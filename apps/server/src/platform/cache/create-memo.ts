/** Most values one scope keeps; past it the oldest is dropped (a plain bound, not a policy). */
const MAX_ENTRIES_PER_SCOPE = 5000;

/**
 * The process-local half of `Cache.remember` / `forget`. A value is kept as the promise of its
 * load, so concurrent misses share one load; `forget` drops pending loads too, so a load that
 * read the old row before the change was committed is never kept after it.
 */
export function createMemo() {
  const scopes = new Map<string, Map<string, Promise<unknown>>>();

  return {
    remember<T>(scope: string, key: string, load: () => Promise<T>): Promise<T> {
      let entries = scopes.get(scope);
      if (!entries) {
        entries = new Map();
        scopes.set(scope, entries);
      }
      const kept = entries.get(key);
      if (kept) return kept as Promise<T>;
      const loading = load();
      entries.set(key, loading);
      if (entries.size > MAX_ENTRIES_PER_SCOPE) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      // A failed load is not kept.
      const scoped = entries;
      loading.catch(() => {
        if (scoped.get(key) === loading) scoped.delete(key);
      });
      return loading;
    },
    forget(scope: string) {
      scopes.get(scope)?.clear();
    },
    forgetAll() {
      for (const entries of scopes.values()) entries.clear();
    },
  };
}
