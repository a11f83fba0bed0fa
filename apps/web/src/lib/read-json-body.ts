/**
 * A response's body as JSON when it is JSON, as text when it is not, null when it is empty or
 * could not be read (the connection was cut): for callers that turn any answer into a message.
 */
export async function readJsonBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
