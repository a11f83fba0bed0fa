import { useCallback, useEffect, useState } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

export const UNSAVED_CHANGES_LEAVE_MESSAGE = 'You have unsaved changes. Are you sure you want to leave?';

type UnsavedChangesGuardOptions = {
  /** True while the screen holds changes that are not saved. */
  isDirty: boolean;
  /** Saves the changes; 'Save & Leave' proceeds only when it resolves. */
  onSave?: () => unknown;
  /** Text for the browser's own leave warning (most browsers show their own wording). */
  message?: string;
};

export type UnsavedChangesGuard = {
  /** A navigation is held back and waits for the user's choice. */
  isBlocked: boolean;
  isSaving: boolean;
  canSave: boolean;
  /** Cancel: stay on the page, keep the changes. */
  stay: () => void;
  /** Leave without saving. */
  leave: () => void;
  /** Save & Leave: a failing save is only logged and the dialog stays. */
  saveAndLeave: () => Promise<void>;
};

/**
 * docs/product/README.md#shared-dialogs: while there are unsaved changes, the browser warns before unload and
 * in-app push, replace and back navigation is held (the target is kept by the router) until
 * the user leaves or saves.
 */
export function useUnsavedChangesGuard({
  isDirty,
  onSave,
  message = UNSAVED_CHANGES_LEAVE_MESSAGE,
}: UnsavedChangesGuardOptions): UnsavedChangesGuard {
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        isDirty &&
        (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [isDirty],
    ),
  );
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the text set here; current ones show their own wording.
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty, message]);

  const stay = useCallback(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);

  const leave = useCallback(() => {
    if (blocker.state === 'blocked') blocker.proceed();
  }, [blocker]);

  const saveAndLeave = useCallback(async () => {
    if (blocker.state !== 'blocked' || !onSave) return;
    setIsSaving(true);
    try {
      await onSave();
      blocker.proceed();
    } catch (error) {
      console.error('Saving before leaving failed', error);
    } finally {
      setIsSaving(false);
    }
  }, [blocker, onSave]);

  return { isBlocked: blocker.state === 'blocked', isSaving, canSave: onSave !== undefined, stay, leave, saveAndLeave };
}
