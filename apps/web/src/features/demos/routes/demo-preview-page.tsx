import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Presentation } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ApiError } from '@/lib/api';
import { demoEditorPath, demoQuery } from '../api/demos-api';
import { DemoStage } from '../components/demo-stage';
import { DemoLoadFailed } from '../components/demo-load-failed';
import { DemoLoading } from '../components/demo-loading';
import { toDemoViewData } from '../lib/demo-view-data';

/** `/demo/:demoId/preview`: the creator's full-page preview of the saved demo (signed in). */
export function DemoPreviewPage() {
  const { demoId = '' } = useParams();
  const demo = useQuery(demoQuery(demoId));

  if (demo.isPending) return <DemoLoading />;
  if (demo.isError) {
    const status = demo.error instanceof ApiError ? demo.error.status : null;
    const isMissing = status === 404 || status === 401;
    return (
      <main className="flex min-h-dvh items-center justify-center bg-demo-dark p-4 text-white">
        {isMissing ? (
          <EmptyState
            icon={Presentation}
            title="Demo not found"
            description={
              status === 401
                ? 'Sign in to preview your demos.'
                : 'This demo does not exist any more, or it belongs to a sub account you are not a member of.'
            }
            action={
              <Button asChild variant="outline">
                <Link to="/demo">Back to demos</Link>
              </Button>
            }
            className="border-white/20 [&_h2]:text-white [&_div]:text-white/70"
          />
        ) : (
          <DemoLoadFailed error={demo.error} onRetry={() => void demo.refetch()} isRetrying={demo.isFetching} />
        )}
      </main>
    );
  }
  return (
    <main className="relative flex h-dvh flex-col pt-14 sm:pt-0">
      <DemoStage data={toDemoViewData(demo.data)} mode="page" className="flex-1" />
      <Button asChild variant="secondary" size="sm" className="absolute left-3 top-3 z-40 shadow-lg">
        <Link to={demoEditorPath(demo.data.demoId)}>
          <ArrowLeft aria-hidden />
          Back to editor
        </Link>
      </Button>
    </main>
  );
}
