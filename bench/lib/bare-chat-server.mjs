// The baseline of bench/widget-chat.mjs, run as its own process like the product server: a bare
// Fastify route that takes the widget's chat body and forwards the message to the same fake
// OpenAI-compatible provider, whole or streamed, answering in the widget's own shapes
// ({ message } or `data:` delta / done events). No database, no limits, no credits: what is
// left is the HTTP hop, JSON work and the provider call. Prints "listening <url>" when ready.
// Usage: FAKE_PROVIDER_URL=http://127.0.0.1:1234/v1 node bench/lib/bare-chat-server.mjs
import Fastify from 'fastify';

const providerUrl = process.env.FAKE_PROVIDER_URL;
if (!providerUrl) throw new Error('FAKE_PROVIDER_URL is required');
const SYSTEM = 'You are a benchmark agent.';

const app = Fastify({ logger: false });

app.post('/chat', async (request, reply) => {
  const stream = request.query.stream === '1';
  const upstream = await fetch(`${providerUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
    body: JSON.stringify({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: request.body.message },
      ],
      stream,
    }),
  });
  if (!stream) {
    const completion = await upstream.json();
    return { message: completion.choices[0].message.content, threadId: 'bare', widgetConversationThreadId: 'bare' };
  }
  reply.hijack();
  reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const decoder = new TextDecoder();
  let buffered = '';
  let message = '';
  for await (const chunk of upstream.body) {
    buffered += decoder.decode(chunk, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      const text = JSON.parse(line.slice(6)).choices?.[0]?.delta?.content;
      if (!text) continue;
      message += text;
      reply.raw.write(`data: ${JSON.stringify({ type: 'delta', text })}\n\n`);
    }
  }
  reply.raw.end(
    `data: ${JSON.stringify({ type: 'done', reply: { message, threadId: 'bare', widgetConversationThreadId: 'bare' } })}\n\n`,
  );
});

const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${url}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void app.close().then(() => process.exit(0)));
