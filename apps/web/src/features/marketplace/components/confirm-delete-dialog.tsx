import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Label } from '@/components/ui/input';

/** Evaluation §2.2 / §5.1: deletion needs the word 'confirm', in any case. */
export function isDeleteConfirmed(text: string) {
  return text.trim().toLowerCase() === 'confirm';
}

type ConfirmDeleteDialogProps = {
  /** The name of what is deleted; the dialog is open while it is set. */
  subject: string | null;
  onOpenChange: (open: boolean) => void;
  /** Runs the deletion; the dialog closes when it resolves and stays open when it fails. */
  onConfirm: () => Promise<unknown>;
};

export function ConfirmDeleteDialog({ subject, onOpenChange, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={subject !== null} onOpenChange={onOpenChange}>
      {subject !== null ? <ConfirmDeleteBody subject={subject} onOpenChange={onOpenChange} onConfirm={onConfirm} /> : null}
    </Dialog>
  );
}

function ConfirmDeleteBody({ subject, onOpenChange, onConfirm }: { subject: string } & Omit<ConfirmDeleteDialogProps, 'subject'>) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [isPending, setIsPending] = useState(false);
  const canDelete = isDeleteConfirmed(text) && !isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canDelete) return;
    setIsPending(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // Already reported by the global error toast; the dialog stays for another try.
    } finally {
      setIsPending(false);
    }
  }

  return (
    <DialogContent className="max-w-md">
      <form onSubmit={(event) => void submit(event)} className="grid gap-4">
        <DialogHeader>
          <DialogTitle>Delete this project?</DialogTitle>
          <DialogDescription>
            <strong className="font-medium text-foreground">{subject}</strong> and its replies are removed for good. To hide it for a while, close it instead.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>
            Type <span className="font-mono font-semibold">confirm</span> to continue
          </Label>
          <Input id={inputId} value={text} onChange={(event) => setText(event.target.value)} autoComplete="off" autoFocus placeholder="confirm" />
        </div>
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={!canDelete}>
            {isPending ? 'Deleting…' : 'Delete project'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
