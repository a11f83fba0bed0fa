/** docs/product/README.md#errors: a 32-hex-character reference is shown upper-cased; anything else as given. */
export function formatSupportReference(id: string): string {
  const trimmed = id.trim();
  return /^[0-9a-f]{32}$/i.test(trimmed) ? trimmed.toUpperCase() : id;
}
