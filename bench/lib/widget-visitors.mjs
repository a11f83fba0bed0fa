// Shared by bench/widget-chat.mjs and bench/widget-loop.mjs: simulated website-widget visitors.
import { randomBytes } from 'node:crypto';
import { timeCall } from './measure.mjs';

/** Messages a visitor sends in one conversation before a new visitor takes its place. */
export const MESSAGES_PER_CONVERSATION = 10;
/** The page the iframe says framed it. */
const HOST_ORIGIN = 'https://shop.bench.example';
/** The first delta of a widget stream. */
export const FIRST_DELTA = /"type":"delta"/;

/** The reply carried by the 'done' event of a widget stream. */
function readDone(text) {
  for (const line of text.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const event = JSON.parse(line.slice(5).trim());
    if (event.type === 'done') return event.reply;
  }
  return undefined;
}

/**
 * Visitors of the widget at `widgetUrl` (its chat route), served from `origin`: `send(stream)` is a
 * call for the bench's workers, one visitor per worker at a time, each keeping its conversation going
 * as the iframe does (thread ids and history) for MESSAGES_PER_CONVERSATION messages, then a new
 * visitor; `count()` is how many visitors there have been. A call that fails to connect counts as a
 * failed call. Answers must contain `expectText`.
 */
export function createWidgetVisitors({ widgetUrl, origin, expectText }) {
  const visitors = new Map();
  let visitorCount = 0;
  const send = (stream) => async (worker) => {
    let visitor = visitors.get(worker);
    if (!visitor || visitor.sent >= MESSAGES_PER_CONVERSATION) {
      visitorCount += 1;
      visitor = { contactIdentifier: `bench_${visitorCount}_${randomBytes(4).toString('hex')}`, sent: 0, history: [] };
      visitors.set(worker, visitor);
    }
    const message = `Question ${visitor.sent + 1}: how fast is the widget?`;
    const result = await timeCall({
      url: `${widgetUrl}${stream ? '?stream=1' : ''}`,
      // As the iframe sends it: its own origin, and the page that framed it.
      headers: { origin, 'x-widget-parent-origin': HOST_ORIGIN },
      body: {
        message,
        contactIdentifier: visitor.contactIdentifier,
        threadId: visitor.threadId,
        widgetConversationThreadId: visitor.widgetConversationThreadId,
        history: visitor.history,
      },
      firstTokenPattern: stream ? FIRST_DELTA : undefined,
      expectText,
    }).catch((error) => ({ isOk: false, total: 0, ttft: 0, status: undefined, text: String(error) }));
    if (result.isOk) {
      const reply = stream ? readDone(result.text) : JSON.parse(result.text);
      visitor.threadId = reply?.threadId;
      visitor.widgetConversationThreadId = reply?.widgetConversationThreadId ?? reply?.newWidgetConversationThreadId;
      visitor.history.push({ role: 'user', content: message }, { role: 'assistant', content: reply?.message ?? '' });
    }
    visitor.sent += 1;
    return result;
  };
  return { send, count: () => visitorCount };
}
