import { demoMessages } from '@agentry/core/demo-rules';
import { Spinner } from '@/components/ui/spinner';

/** docs/product/demos.md#looks-demo-types: 'Loading demo...' while the demo's data is on its way. */
export function DemoLoading() {
  return (
    <main role="status" className="flex min-h-dvh items-center justify-center gap-2 bg-demo-dark text-sm text-white/80">
      <Spinner />
      {demoMessages.loadingDemo}
    </main>
  );
}
