import { toast } from 'sonner';
import type { StatusBannerData } from '../components/status-banner';

/** One toast for billing outcomes: a new outcome replaces the last one instead of stacking under it. */
export const OUTCOME_TOAST_ID = 'billing-outcome';

/** A billing outcome as a toast (seen wherever the page is scrolled, on a phone too). */
export function toastOutcome(banner: StatusBannerData) {
  const show =
    banner.type === 'success'
      ? toast.success
      : banner.type === 'error'
        ? toast.error
        : banner.type === 'warning'
          ? toast.warning
          : toast.info;
  show(banner.title, { id: OUTCOME_TOAST_ID, description: banner.description });
}
