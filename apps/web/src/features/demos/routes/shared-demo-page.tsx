import { useParams, useSearchParams } from 'react-router';
import { SharedDemoView } from './shared-demo-view';

/** `/shared/:demoId` (the shared view) and `/shared/:demoId?embed=true` (the embedded view) inside the app. */
export function SharedDemoPage() {
  const { demoId = '' } = useParams();
  const [searchParams] = useSearchParams();
  return <SharedDemoView demoId={demoId} isEmbedded={searchParams.get('embed') === 'true'} />;
}
