import { toast } from 'sonner';
import { describeErrorReference } from '@/lib/http-errors';

/** docs/product/evaluation.md#test-settings: one toast at a time, so each new one replaces the one on screen. */
const EVALUATION_TOAST_ID = 'evaluation';

export const evaluationToast = {
  success: (message: string) => toast.success(message, { id: EVALUATION_TOAST_ID }),
  error: (message: string, description?: string) => toast.error(message, { id: EVALUATION_TOAST_ID, description }),
  /** A failed request: the server's message with its reference code. */
  requestError: (error: Error) =>
    toast.error(error.message, { id: EVALUATION_TOAST_ID, description: describeErrorReference(error) }),
  info: (message: string) => toast.info(message, { id: EVALUATION_TOAST_ID }),
};
