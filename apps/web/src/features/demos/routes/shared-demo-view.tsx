import { demoMessages } from '@agentry/core/demo-rules';
import { useQuery } from '@tanstack/react-query';
import { Presentation } from 'lucide-react';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api';
import { sharedDemoQuery } from '../api/demos-api';
import { DemoLoadFailed } from '../components/demo-load-failed';
import { DemoLoading } from '../components/demo-loading';
import { DemoStage } from '../components/demo-stage';
import { publicToDemoViewData } from '../lib/demo-view-data';

/**
 * A shared demo, open to anyone: the shared view, or the embedded one (`?embed=true`). Rendered by
 * the demo page's own small entry (src/demo-main.tsx, what the server sends for /shared/:demoId)
 * and by the app's router (SharedDemoPage) when the app itself navigates there.
 */
export function SharedDemoView({ demoId, isEmbedded }: { demoId: string; isEmbedded: boolean }) {
  const demo = useQuery(sharedDemoQuery(demoId));

  useEffect(() => {
    if (demo.data) document.title = demo.data.name;
  }, [demo.data]);

  if (demo.isPending) return <DemoLoading />;
  if (demo.isError) {
    const isMissing = demo.error instanceof ApiError && demo.error.status === 404;
    return (
      <main className="flex min-h-dvh items-center justify-center bg-demo-dark p-4">
        {isMissing ? (
          <div
            role="alert"
            className="flex max-w-sm flex-col items-center gap-3 rounded-2xl bg-white p-6 text-center text-slate-900 shadow-2xl"
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
              <Presentation className="size-6" aria-hidden />
            </span>
            <h1 className="text-base font-semibold">Demo unavailable</h1>
            <p className="text-sm text-slate-600">{demoMessages.notFound}</p>
          </div>
        ) : (
          <DemoLoadFailed error={demo.error} onRetry={() => void demo.refetch()} isRetrying={demo.isFetching} />
        )}
      </main>
    );
  }
  return (
    <main className="flex h-dvh flex-col">
      <DemoStage data={publicToDemoViewData(demo.data)} mode={isEmbedded ? 'embedded' : 'shared'} className="flex-1" />
    </main>
  );
}
