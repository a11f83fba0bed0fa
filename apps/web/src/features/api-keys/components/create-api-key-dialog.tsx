import type { CreatedApiKeyReply } from '@agentry/core/llm';
import { CreateApiKeyBody } from '@agentry/core/llm';
import { TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
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
import { CopyButton } from './copy-button';

type CreateApiKeyDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreate: (name: string) => Promise<CreatedApiKeyReply>;
};

/** Names a new API key, then shows its secret this one time. */
export function CreateApiKeyDialog({ open, onOpenChange, onCreate }: CreateApiKeyDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <CreateApiKeyForm onCreate={onCreate} onOpenChange={onOpenChange} /> : null}
    </Dialog>
  );
}

function CreateApiKeyForm({ onCreate, onOpenChange }: Omit<CreateApiKeyDialogProps, 'open'>) {
  const nameId = useId();
  const secretId = useId();
  const [name, setName] = useState('');
  const [hasTried, setHasTried] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const [created, setCreated] = useState<CreatedApiKeyReply | null>(null);
  const parsed = CreateApiKeyBody.safeParse({ name });
  const nameError = hasTried && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setHasTried(true);
    if (!parsed.success) return;
    setIsPending(true);
    try {
      setCreated(await onCreate(parsed.data.name));
    } catch {
      // Reported by the global handler; the dialog stays for another try.
    } finally {
      setIsPending(false);
    }
  };

  if (created) {
    return (
      <DialogContent className="max-w-lg" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Copy your API key</DialogTitle>
          <DialogDescription>{created.name} is ready. Use it as a Bearer token.</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <Label htmlFor={secretId}>API key</Label>
          <div className="flex gap-2">
            <Input
              id={secretId}
              readOnly
              value={created.secret}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs"
              spellCheck={false}
            />
            <CopyButton text={created.secret} label="Copy key" showLabel variant="default" size="default" />
          </div>
        </div>
        <p
          role="note"
          className="flex gap-2 rounded-[var(--radius-control)] border border-warning/40 bg-warning/10 p-3 text-sm"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <span>
            This is the only time the key is shown. Store it somewhere safe now; if you lose it, revoke it and create a
            new one.
          </span>
        </p>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>I have copied it</Button>
        </DialogFooter>
      </DialogContent>
    );
  }

  return (
    <DialogContent className="max-w-md">
      <form onSubmit={(event) => void submit(event)} className="grid grid-cols-[minmax(0,1fr)] gap-4" noValidate>
        <DialogHeader>
          <DialogTitle>Create API key</DialogTitle>
          <DialogDescription>A key lets your own code call the agents of this sub account.</DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          <Label htmlFor={nameId}>Name</Label>
          <Input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Website backend"
            maxLength={80}
            autoFocus
            autoComplete="off"
            aria-invalid={nameError ? true : undefined}
          />
          <FieldError>{nameError}</FieldError>
        </div>
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Creating…' : 'Create key'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
