import { Check, Plus, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { GeneratedItem } from '../lib/generated-questions';

type GeneratedQuestionsDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  items: GeneratedItem[];
  onAdd: (item: GeneratedItem) => void;
  onReject: (item: GeneratedItem) => void;
  onGenerateNew: () => void;
};

/** docs/product/evaluation.md#test-settings, 'Generated Questions': add or reject each (final within the dialog), Generate New Questions, Save Questions. */
export function GeneratedQuestionsDialog({
  isOpen,
  onOpenChange,
  items,
  onAdd,
  onReject,
  onGenerateNew,
}: GeneratedQuestionsDialogProps) {
  const categories = [...new Set(items.map((item) => item.category))];
  const pending = items.filter((item) => item.status === 'new').length;
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Generated Questions</DialogTitle>
          <DialogDescription>
            Add the questions you want to test; each one goes into its group.{' '}
            {pending > 0 ? `${pending} still to review.` : 'All reviewed.'}
          </DialogDescription>
        </DialogHeader>
        {items.length === 0 ? (
          <p className="rounded-[var(--radius-control)] border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
            The model wrote no questions. Try again with other counts.
          </p>
        ) : (
          <div className="grid gap-5">
            {categories.map((category) => (
              <section key={category} aria-label={category} className="grid gap-2">
                <h3 className="text-sm font-semibold">{category}</h3>
                <ul className="grid gap-2">
                  {items
                    .filter((item) => item.category === category)
                    .map((item, index) => (
                      <li
                        key={item.key}
                        className="grid gap-2 rounded-[var(--radius-control)] border border-border p-3 sm:grid-cols-[minmax(0,1fr)_auto]"
                      >
                        <div className="min-w-0">
                          <p className="text-sm font-medium">{item.question}</p>
                          <p className="mt-1 text-xs text-muted-foreground">
                            <span className="font-medium">Success criteria:</span> {item.criteria}
                          </p>
                        </div>
                        <div className="flex items-start gap-2">
                          {item.status === 'new' ? (
                            <>
                              <Button
                                size="sm"
                                onClick={() => onAdd(item)}
                                aria-label={`Add ${category} question ${index + 1}`}
                              >
                                <Plus aria-hidden />
                                Add
                              </Button>
                              <Button
                                size="sm"
                                variant="outline"
                                onClick={() => onReject(item)}
                                aria-label={`Reject ${category} question ${index + 1}`}
                              >
                                <X aria-hidden />
                                Reject
                              </Button>
                            </>
                          ) : item.status === 'added' ? (
                            <Badge variant="success">
                              <Check aria-hidden />
                              Added
                            </Badge>
                          ) : (
                            <Badge variant="inactive">Rejected</Badge>
                          )}
                        </div>
                      </li>
                    ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t border-border bg-card px-6 py-4">
          <Button variant="outline" onClick={onGenerateNew}>
            Generate New Questions
          </Button>
          <Button onClick={() => onOpenChange(false)}>Save Questions</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
