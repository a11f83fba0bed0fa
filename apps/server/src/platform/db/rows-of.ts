/** Rows of a raw statement on either driver (node-postgres and PGlite both answer `rows`; an array is taken as the rows). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
