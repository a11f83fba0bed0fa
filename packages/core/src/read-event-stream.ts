/**
 * Reads a server-sent event stream from a fetch response body and yields each event's data as
 * it arrives. Events end at a blank line; line ends may be LF, CRLF or CR; the data of an event
 * is its `data:` lines (one leading space dropped) joined by a newline; comments and other
 * fields are skipped, and an event without data yields nothing. An abort signal cancels the body,
 * and so does a caller that stops reading early (`break`, `return` or a throw in a for-await loop).
 */
export async function* readEventStream(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  let isRead = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        isRead = true;
        break;
      }
      buffer += decoder.decode(value, { stream: true });
      // A CR may be the first half of a CRLF split across chunks: keep it until the next chunk.
      const end = buffer.endsWith('\r') ? buffer.length - 1 : buffer.length;
      const complete = buffer.slice(0, end).replace(/\r\n?/g, '\n');
      buffer = complete + buffer.slice(end);
      let boundary = buffer.indexOf('\n\n');
      while (boundary !== -1) {
        const data = dataOf(buffer.slice(0, boundary));
        buffer = buffer.slice(boundary + 2);
        if (data !== null) yield data;
        boundary = buffer.indexOf('\n\n');
      }
    }
    const rest = dataOf((buffer + decoder.decode()).replace(/\r\n?/g, '\n'));
    if (rest !== null) yield rest;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!isRead) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

function dataOf(event: string): string | null {
  const lines = event
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''));
  return lines.length === 0 ? null : lines.join('\n');
}
