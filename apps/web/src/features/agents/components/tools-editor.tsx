import { normalizeToolSchema } from '@agentry/core/tools';
import { Pencil, Plus, Trash2, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import type { ToolDraft } from '../lib/agent-form';
import { ToolDialog } from './tool-dialog';

const MAX_TOOLS = 20;

type ToolsEditorProps = {
  tools: ToolDraft[];
  onChange: (tools: ToolDraft[]) => void;
  disabled?: boolean;
  error?: string;
};

function describeParameters(tool: ToolDraft) {
  const names = Object.keys(normalizeToolSchema({ name: tool.name, parameters: tool.parameters }).schema.properties);
  if (names.length === 0) return 'No parameters';
  const fixed = names.filter((name) => tool.parameterModes[name]?.mode === 'manual').length;
  return `${names.length} parameter${names.length === 1 ? '' : 's'} · ${fixed} fixed, ${names.length - fixed} by the model`;
}

/** The agent's HTTP tools: add, edit, switch on or off, remove. */
export function ToolsEditor({ tools, onChange, disabled = false, error }: ToolsEditorProps) {
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  const editedTool = editing?.index != null ? (tools[editing.index] ?? null) : null;

  const save = (tool: ToolDraft) => {
    if (editing?.index == null) onChange([...tools, tool]);
    else onChange(tools.map((current, index) => (index === editing.index ? tool : current)));
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      {tools.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-[var(--radius-control)] border border-dashed border-border px-4 py-6 text-center">
          <Wrench className="size-5 text-muted-foreground" aria-hidden />
          <p className="text-sm font-medium">No tools yet</p>
          <p className="max-w-sm text-xs text-muted-foreground">
            Tools let the agent call your HTTP endpoints: book a table, look up an order, create a lead.
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" aria-label="Tools">
          {tools.map((tool, index) => (
            <li
              key={`${tool.name}-${index}`}
              className="flex flex-wrap items-center gap-3 rounded-[var(--radius-control)] border border-border p-3"
            >
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-mono text-sm font-medium">{tool.name}</span>
                  <Badge variant="outline" className="font-mono">
                    {tool.method}
                  </Badge>
                  {tool.enabled ? null : <Badge variant="inactive">Off</Badge>}
                </p>
                <p className="truncate text-xs text-muted-foreground">{tool.url}</p>
                <p className="text-xs text-muted-foreground">{describeParameters(tool)}</p>
              </div>
              <div className="flex items-center gap-1">
                <Switch
                  checked={tool.enabled}
                  onCheckedChange={(enabled) =>
                    onChange(tools.map((current, position) => (position === index ? { ...current, enabled } : current)))
                  }
                  disabled={disabled}
                  aria-label={`${tool.name} enabled`}
                  className="mr-2"
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  onClick={() => setEditing({ index })}
                  disabled={disabled}
                  aria-label={`Edit ${tool.name}`}
                >
                  <Pencil aria-hidden />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  onClick={() => onChange(tools.filter((_, position) => position !== index))}
                  disabled={disabled}
                  aria-label={`Remove ${tool.name}`}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => setEditing({ index: null })}
        disabled={disabled || tools.length >= MAX_TOOLS}
      >
        <Plus aria-hidden />
        Add tool
      </Button>
      <ToolDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        tool={editedTool}
        takenNames={tools.filter((_, index) => index !== editing?.index).map((tool) => tool.name)}
        onSave={save}
      />
    </div>
  );
}
