/** Copyable examples for calling an agent through the OpenAI-compatible API and the webhook. */
export type SnippetInput = { baseUrl: string; agentId: string; stream: boolean };

export const API_KEY_VARIABLE = 'AGENTRY_API_KEY';
export const WEBHOOK_SECRET_VARIABLE = 'AGENTRY_WEBHOOK_SECRET';

export function curlSnippet({ baseUrl, agentId, stream }: SnippetInput) {
  const body = JSON.stringify({
    model: agentId,
    messages: [{ role: 'user', content: 'Hello!' }],
    ...(stream ? { stream: true } : {}),
  });
  return [
    `curl ${stream ? '-N ' : ''}${baseUrl}/v1/chat/completions \\`,
    `  -H "Authorization: Bearer $${API_KEY_VARIABLE}" \\`,
    '  -H "Content-Type: application/json" \\',
    `  -d '${body}'`,
  ].join('\n');
}

export function javascriptSnippet({ baseUrl, agentId, stream }: SnippetInput) {
  const header = [
    "import OpenAI from 'openai';",
    '',
    `const client = new OpenAI({ baseURL: '${baseUrl}/v1', apiKey: process.env.${API_KEY_VARIABLE} });`,
    '',
  ];
  if (stream) {
    return [
      ...header,
      'const stream = await client.chat.completions.create({',
      `  model: '${agentId}',`,
      "  messages: [{ role: 'user', content: 'Hello!' }],",
      '  stream: true,',
      '});',
      'for await (const chunk of stream) {',
      "  process.stdout.write(chunk.choices[0]?.delta?.content ?? '');",
      '}',
    ].join('\n');
  }
  return [
    ...header,
    'const completion = await client.chat.completions.create({',
    `  model: '${agentId}',`,
    "  messages: [{ role: 'user', content: 'Hello!' }],",
    '});',
    'console.log(completion.choices[0].message.content);',
  ].join('\n');
}

export function pythonSnippet({ baseUrl, agentId, stream }: SnippetInput) {
  const header = [
    'import os',
    'from openai import OpenAI',
    '',
    `client = OpenAI(base_url="${baseUrl}/v1", api_key=os.environ["${API_KEY_VARIABLE}"])`,
    '',
  ];
  if (stream) {
    return [
      ...header,
      'stream = client.chat.completions.create(',
      `    model="${agentId}",`,
      '    messages=[{"role": "user", "content": "Hello!"}],',
      '    stream=True,',
      ')',
      'for chunk in stream:',
      '    print(chunk.choices[0].delta.content or "", end="")',
    ].join('\n');
  }
  return [
    ...header,
    'completion = client.chat.completions.create(',
    `    model="${agentId}",`,
    '    messages=[{"role": "user", "content": "Hello!"}],',
    ')',
    'print(completion.choices[0].message.content)',
  ].join('\n');
}

export function webhookSnippet({ url }: { url: string }) {
  const body = JSON.stringify({ type: 'user_message', threadId: null, message: 'Hello!' });
  return [
    `curl ${url} \\`,
    `  -H "X-Webhook-Secret: $${WEBHOOK_SECRET_VARIABLE}" \\`,
    '  -H "Content-Type: application/json" \\',
    `  -d '${body}'`,
  ].join('\n');
}
