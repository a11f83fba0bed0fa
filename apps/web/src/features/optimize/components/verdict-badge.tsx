import { Badge } from '@/components/ui/badge';

const variants = { pass: 'success', fail: 'error', unclear: 'warning' } as const;
const labels = { pass: 'Pass', fail: 'Fail', unclear: 'Unclear' } as const;

export function VerdictBadge({ verdict }: { verdict: 'pass' | 'fail' | 'unclear' | null }) {
  if (verdict === null) return <Badge variant="outline">Not judged</Badge>;
  return <Badge variant={variants[verdict]}>{labels[verdict]}</Badge>;
}
