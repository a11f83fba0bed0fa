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
import { generatedSectionName, type GeneratedItem } from '../lib/generated-questions';

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
  // One section per category identity: a custom category labelled like a built-in one is a section of its own.
  const sections = [...new Map(items.map((item) => [item.sectionKey, item])).values()].map((first) => ({
    key: first.sectionKey,
    title: first.category,
    name: generatedSectionName(first),
    isCustom: first.isCustom,
  }));
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
            {sections.map((section) => (
              <section key={section.key} aria-label={section.name} className="grid gap-2">
                <h3 className="flex items-center gap-2 text-sm font-semibold">
                  {section.title}
                  {section.isCustom ? <Badge variant="outline">Custom</Badge> : null}
                </h3>
                <ul className="grid gap-2">
                  {items
                    .filter((item) => item.sectionKey === section.key)
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
                                aria-label={`Add ${section.name} question ${index + 1}`}
                              >
                                <Plus aria-hidden />
                                Add
                              </Button>
                              <Button
                                size="sm"
                                variant="outline"
                                onClick={() => onReject(item)}
                                aria-label={`Reject ${section.name} question ${index + 1}`}
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
