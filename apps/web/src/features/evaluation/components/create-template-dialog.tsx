import { useState, type FormEvent } from 'react';
import { evaluationMessages } from '@agentry/core/evaluation';
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
import { Spinner } from '@/components/ui/spinner';

type CreateTemplateDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Saves under the trimmed name; resolves true when it was saved. */
  onSave: (templateName: string) => Promise<boolean>;
};

/** docs/product/evaluation.md#test-settings, 'Create New Template': name, Cancel, Save Template (disabled until a trimmed name). */
export function CreateTemplateDialog({ isOpen, onOpenChange, onSave }: CreateTemplateDialogProps) {
  const [name, setName] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const trimmed = name.trim();

  const close = (open: boolean) => {
    if (!open) {
      setName('');
      setIsTouched(false);
    }
    onOpenChange(open);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsTouched(true);
    if (!trimmed || isSaving) return;
    setIsSaving(true);
    const saved = await onSave(trimmed);
    setIsSaving(false);
    if (saved) close(false);
  };

  const showRequired = isTouched && !trimmed;
  return (
    <Dialog open={isOpen} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New Template</DialogTitle>
          <DialogDescription>
            Saves the testing model, messages and all three question groups under a name you can load later.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="evaluation-template-name">Template name</Label>
            <Input
              id="evaluation-template-name"
              value={name}
              maxLength={120}
              placeholder="e.g. Solar installer, strict compliance"
              onChange={(event) => setName(event.target.value)}
              onBlur={() => setIsTouched(true)}
              aria-invalid={showRequired || undefined}
              aria-describedby={showRequired ? 'evaluation-template-name-error' : undefined}
            />
            {showRequired ? (
              <p id="evaluation-template-name-error" className="text-sm text-destructive">
                {evaluationMessages.templateNameRequired}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!trimmed || isSaving}>
              {isSaving ? <Spinner /> : null}
              Save Template
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
