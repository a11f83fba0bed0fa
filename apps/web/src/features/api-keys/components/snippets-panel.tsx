import { useState } from 'react';
import { Label } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { API_KEY_VARIABLE, curlSnippet, javascriptSnippet, pythonSnippet } from '../lib/snippets';
import { CodeBlock } from './copy-button';

/** Copyable calls of the chosen agent: curl, JavaScript (openai package), Python. */
export function SnippetsPanel({ baseUrl, agentId }: { baseUrl: string; agentId: string }) {
  const [isStreaming, setIsStreaming] = useState(false);
  const input = { baseUrl, agentId, stream: isStreaming };
  return (
    <section
      aria-labelledby="snippets-heading"
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4 rounded-[var(--radius-card)] border border-border bg-card p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="snippets-heading" className="text-base font-semibold">
            Code snippets
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            OpenAI-compatible: any OpenAI SDK works with the base URL{' '}
            <code className="rounded bg-muted px-1 font-mono text-xs">{baseUrl}/v1</code> and the agent ID as the model.
            Put your key in <code className="rounded bg-muted px-1 font-mono text-xs">{API_KEY_VARIABLE}</code>.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Switch id="snippets-stream" checked={isStreaming} onCheckedChange={setIsStreaming} />
          <Label htmlFor="snippets-stream">Streaming</Label>
        </div>
      </div>
      <Tabs defaultValue="curl" className="min-w-0">
        <TabsList aria-label="Language">
          <TabsTrigger value="curl">curl</TabsTrigger>
          <TabsTrigger value="javascript">JavaScript</TabsTrigger>
          <TabsTrigger value="python">Python</TabsTrigger>
        </TabsList>
        <TabsContent value="curl">
          <CodeBlock code={curlSnippet(input)} label="Copy curl snippet" />
        </TabsContent>
        <TabsContent value="javascript">
          <CodeBlock code={javascriptSnippet(input)} label="Copy JavaScript snippet" />
          <p className="mt-2 text-xs text-muted-foreground">
            Install the client with <code className="font-mono">npm install openai</code>.
          </p>
        </TabsContent>
        <TabsContent value="python">
          <CodeBlock code={pythonSnippet(input)} label="Copy Python snippet" />
          <p className="mt-2 text-xs text-muted-foreground">
            Install the client with <code className="font-mono">pip install openai</code>.
          </p>
        </TabsContent>
      </Tabs>
    </section>
  );
}
