import { toast } from 'sonner';

/** docs/product/evaluation.md#test-settings: one toast at a time, so each new one replaces the one on screen. */
const EVALUATION_TOAST_ID = 'evaluation';

export const evaluationToast = {
  success: (message: string) => toast.success(message, { id: EVALUATION_TOAST_ID }),
  error: (message: string, description?: string) => toast.error(message, { id: EVALUATION_TOAST_ID, description }),
  info: (message: string) => toast.info(message, { id: EVALUATION_TOAST_ID }),
};
