import { ErrorState } from '@/components/ui/error-state';

/** A demo that could not be loaded for another reason than not existing: the error and Try again. */
export function DemoLoadFailed({
  error,
  onRetry,
  isRetrying,
}: {
  error: Error;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <ErrorState
      title="Failed to load the demo"
      message={error.message}
      onRetry={onRetry}
      isRetrying={isRetrying}
      className="bg-white text-slate-900"
    />
  );
}
