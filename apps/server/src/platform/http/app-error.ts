import { errorCatalogue, type ErrorCode } from '@agentry/core/errors';

/** The one error type feature code throws; the error handler turns it into its status and body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, options: { message?: string; extra?: Record<string, unknown>; cause?: unknown } = {}) {
    const entry = errorCatalogue[code];
    super(options.message ?? entry.message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = entry.status;
    this.extra = options.extra;
  }
}
