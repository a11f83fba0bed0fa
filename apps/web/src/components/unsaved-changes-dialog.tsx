import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { UnsavedChangesGuard } from '@/lib/use-unsaved-changes';

/** docs/product/README.md#shared-dialogs: the choice shown when a navigation would drop unsaved changes. */
export function UnsavedChangesDialog({ guard }: { guard: UnsavedChangesGuard }) {
  return (
    <Dialog
      open={guard.isBlocked}
      onOpenChange={(open) => {
        if (!open && !guard.isSaving) guard.stay();
      }}
    >
      <DialogContent hideClose className="max-w-md">
        <DialogHeader>
          <DialogTitle>Unsaved Changes</DialogTitle>
          <DialogDescription>You have unsaved changes. What would you like to do?</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="ghost" onClick={guard.stay} disabled={guard.isSaving}>
            Cancel
          </Button>
          <Button variant="outline" onClick={guard.leave} disabled={guard.isSaving}>
            Leave without saving
          </Button>
          {guard.canSave ? (
            <Button onClick={() => void guard.saveAndLeave()} disabled={guard.isSaving}>
              {guard.isSaving ? 'Saving...' : 'Save & Leave'}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
