/**
 * The global "upgrade to unlock" event (docs/product/billing-and-credits.md#checkout-and-plan-changes). A feature that gets a 403 'Pick a plan
 * to use this feature' asks for the upgrade dialog without importing billing; the dialog's host
 * (mounted once in the root layout) listens.
 */
export const UPGRADE_DIALOG_EVENT = 'agentry:upgrade-dialog';

export type UpgradeDialogRequest = {
  /** Why the dialog opened, shown under the title ('Pick a plan to use this feature'). */
  reason?: string;
  /** Where the upgrade returns to; defaults to the current page. */
  returnUrl?: string;
};

export function openUpgradeDialog(detail: UpgradeDialogRequest = {}) {
  window.dispatchEvent(new CustomEvent<UpgradeDialogRequest>(UPGRADE_DIALOG_EVENT, { detail }));
}

export function onUpgradeDialogRequested(handler: (request: UpgradeDialogRequest) => void) {
  const listener = (event: Event) => handler((event as CustomEvent<UpgradeDialogRequest>).detail ?? {});
  window.addEventListener(UPGRADE_DIALOG_EVENT, listener);
  return () => window.removeEventListener(UPGRADE_DIALOG_EVENT, listener);
}
