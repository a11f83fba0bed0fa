import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';

/** docs/product/README.md#shared-dialogs: deletion needs the word 'confirm', in any case. */
export function isDeleteConfirmed(text: string) {
  return text.trim().toLowerCase() === 'confirm';
}

type ConfirmDeleteDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Runs the deletion; the dialog closes when it resolves and stays open when it fails. */
  onConfirm: () => Promise<unknown>;
  confirmLabel?: string;
};

/** docs/product/README.md#shared-dialogs, delete-confirmation dialog: requires typing 'confirm'. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
  confirmLabel = 'Delete',
}: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <ConfirmDeleteBody
          title={title}
          description={description}
          onConfirm={onConfirm}
          onOpenChange={onOpenChange}
          confirmLabel={confirmLabel}
        />
      ) : null}
    </Dialog>
  );
}

function ConfirmDeleteBody({
  title,
  description,
  onConfirm,
  onOpenChange,
  confirmLabel,
}: Omit<ConfirmDeleteDialogProps, 'open'> & { confirmLabel: string }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [isPending, setIsPending] = useState(false);
  const canDelete = isDeleteConfirmed(text) && !isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canDelete) return;
    setIsPending(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The failure was already reported (toast); the dialog stays for another try.
    } finally {
      setIsPending(false);
    }
  };

  return (
    <DialogContent className="max-w-md">
      <form onSubmit={(event) => void submit(event)} className="grid gap-4">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {/* A div, so a description may hold a list of what the deletion removes. */}
          <DialogDescription asChild>
            <div>{description}</div>
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>
            Type <span className="font-mono font-semibold">confirm</span> to continue
          </Label>
          <Input
            id={inputId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
            autoFocus
            placeholder="confirm"
          />
        </div>
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={!canDelete}>
            {isPending ? 'Deleting…' : confirmLabel}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
