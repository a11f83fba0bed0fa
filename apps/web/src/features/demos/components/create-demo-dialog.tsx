import { demoTypes, type DemoType } from '@agentry/core/demos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { openUpgradeDialog } from '@/lib/upgrade-events';
import { agentsListQuery } from '@/lib/queries/agents';
import { createDemo, demoEditorPath, demoKeys } from '../api/demos-api';
import { demoTypeDetails } from '../lib/demo-type-labels';

type CreateDemoDialogProps = { subaccountId: string; open: boolean; onOpenChange: (open: boolean) => void };

/** Name, agent and type of a new demo; the editor opens once it exists. */
export function CreateDemoDialog({ subaccountId, open, onOpenChange }: CreateDemoDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <CreateDemoForm subaccountId={subaccountId} onOpenChange={onOpenChange} /> : null}
    </Dialog>
  );
}

function CreateDemoForm({ subaccountId, onOpenChange }: Omit<CreateDemoDialogProps, 'open'>) {
  const nameId = useId();
  const agentFieldId = useId();
  const typeLabelId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const agents = useQuery(agentsListQuery(subaccountId));
  const [name, setName] = useState('');
  const [agentId, setAgentId] = useState('');
  const [type, setType] = useState<DemoType>('website');
  const [showErrors, setShowErrors] = useState(false);
  const readyAgents = (agents.data?.agents ?? []).filter((agent) => agent.status !== 'creating');
  const nameError = name.trim() === '' ? 'Name is required' : undefined;
  const agentError = agentId === '' ? 'Choose an agent' : undefined;

  const create = useMutation({
    mutationFn: () => createDemo({ subaccountId, body: { name: name.trim(), type, buildId: agentId } }),
    onSuccess: async (demo) => {
      queryClient.setQueryData(demoKeys.detail(demo.demoId), demo);
      await queryClient.invalidateQueries({ queryKey: demoKeys.list(subaccountId) });
      toast.success('Demo created');
      onOpenChange(false);
      await navigate(demoEditorPath(demo.demoId));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.kind === 'plan') openUpgradeDialog({ returnUrl: '/demo' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (nameError || agentError || create.isPending) return;
    create.mutate();
  };

  return (
    <DialogContent className="max-w-xl">
      <form onSubmit={submit} className="grid gap-5" noValidate>
        <DialogHeader>
          <DialogTitle>Create demo</DialogTitle>
          <DialogDescription>
            Pick the agent to show and how your client should see it. Every look can be changed later.
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-2">
          <Label htmlFor={nameId}>Name</Label>
          <Input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Bright Smile Dental – website"
            maxLength={120}
            autoFocus
            aria-invalid={showErrors && nameError ? true : undefined}
          />
          {showErrors ? <FieldError>{nameError}</FieldError> : null}
        </div>

        <div className="grid gap-2">
          <Label htmlFor={agentFieldId}>Agent</Label>
          {agents.isPending ? (
            <Skeleton className="h-10 w-full" />
          ) : agents.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Failed to load builds{' '}
              <Button variant="link" className="h-auto p-0" onClick={() => void agents.refetch()}>
                Retry
              </Button>
            </p>
          ) : readyAgents.length === 0 ? (
            <p className="rounded-[var(--radius-control)] border border-dashed border-border p-3 text-sm text-muted-foreground">
              No builds available. Please create a build first.{' '}
              <Link to="/agents/create" className="font-medium text-primary underline-offset-4 hover:underline">
                Create an agent
              </Link>
            </p>
          ) : (
            <Select value={agentId} onValueChange={setAgentId}>
              <SelectTrigger id={agentFieldId} aria-invalid={showErrors && agentError ? true : undefined}>
                <SelectValue placeholder="Choose an agent" />
              </SelectTrigger>
              <SelectContent>
                {readyAgents.map((agent) => (
                  <SelectItem key={agent.buildId} value={agent.buildId}>
                    {agent.aiName}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
          {showErrors && readyAgents.length > 0 ? <FieldError>{agentError}</FieldError> : null}
        </div>

        <fieldset className="grid gap-2">
          <legend id={typeLabelId} className="mb-2 text-sm font-medium">
            Type
          </legend>
          <div role="radiogroup" aria-labelledby={typeLabelId} className="grid gap-2 sm:grid-cols-2">
            {demoTypes.map((candidate) => {
              const details = demoTypeDetails[candidate];
              const Icon = details.icon;
              const isChecked = candidate === type;
              return (
                <label
                  key={candidate}
                  className={cn(
                    'relative flex cursor-pointer items-start gap-3 rounded-[var(--radius-control)] border p-3 transition-colors duration-150 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                    isChecked ? 'border-primary bg-primary/5' : 'border-border hover:bg-muted',
                  )}
                >
                  <input
                    type="radio"
                    name="demo-type"
                    value={candidate}
                    checked={isChecked}
                    onChange={() => setType(candidate)}
                    className="absolute inset-0 size-full cursor-pointer opacity-0"
                  />
                  <Icon
                    className={cn('mt-0.5 size-4 shrink-0', isChecked ? 'text-primary' : 'text-muted-foreground')}
                    aria-hidden
                  />
                  <span className="grid gap-0.5">
                    <span className="text-sm font-medium">{details.label}</span>
                    <span className="text-xs text-muted-foreground">{details.description}</span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending || readyAgents.length === 0}>
            {create.isPending ? 'Creating…' : 'Create demo'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
