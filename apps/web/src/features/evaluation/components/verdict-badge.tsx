import type { EvaluationVerdict, QuestionVerdict } from '@agentry/core/evaluation';
import { Badge } from '@/components/ui/badge';

const variants = { pass: 'success', fail: 'error', unclear: 'warning', error: 'inactive' } as const;
export const verdictLabels = { pass: 'Pass', fail: 'Fail', unclear: 'Unclear', error: 'Error' } as const;

export function VerdictBadge({
  verdict,
  isOverride = false,
}: {
  verdict: EvaluationVerdict | QuestionVerdict | null;
  isOverride?: boolean;
}) {
  if (verdict === null) return <Badge variant="outline">Not judged</Badge>;
  return (
    <Badge variant={variants[verdict]}>
      {verdictLabels[verdict]}
      {isOverride ? <span className="font-normal opacity-80">· manual</span> : null}
    </Badge>
  );
}
