import type { IncomingHttpHeaders } from 'node:http';

export function toFetchHeaders(headers: IncomingHttpHeaders) {
  const result = new Headers();
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) result.append(key, item);
    else result.set(key, value);
  }
  return result;
}
