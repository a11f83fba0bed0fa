import { demoLimits, demoMessages } from '@agentry/core/demo-rules';
import { toast } from 'sonner';

export const LINK_COPIED_MESSAGE = demoMessages.linkCopied;
export const copyFailedMessage = demoMessages.copyFailed;

/** At the bottom: at the top, on a phone, the toast would cover 'Back to editor' while it is shown. */
const POSITION = 'bottom-center';

/** docs/product/demos.md#texts, Share: 'Link copied to clipboard!' for 2 s, or the link itself for 10 s when copying fails. */
export async function copyDemoLink(link: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(link);
    toast.success(LINK_COPIED_MESSAGE, { duration: demoLimits.linkToastMs, position: POSITION });
    return true;
  } catch {
    toast.error(copyFailedMessage(link), { duration: demoLimits.copyFailedToastMs, position: POSITION });
    return false;
  }
}
