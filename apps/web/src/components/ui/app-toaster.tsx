import { Toaster } from 'sonner';

/** Where every page's toasts show: top right, one at a time, each with a close button. */
export function AppToaster() {
  return <Toaster position="top-right" richColors closeButton visibleToasts={1} />;
}
