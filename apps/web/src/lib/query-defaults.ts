import type { DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api';

/** What every page's queries do by default (the app's and the shared demo page's). */
export const queryDefaults = {
  // 4xx answers are final; retry only what may pass on a second try.
  retry: (failureCount: number, error: unknown) =>
    !(error instanceof ApiError && error.status < 500) && failureCount < 2,
  refetchOnWindowFocus: false,
} satisfies DefaultOptions['queries'];
