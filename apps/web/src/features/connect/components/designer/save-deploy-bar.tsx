import { Rocket, Save } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import type { DeployButtonState } from '../../lib/designer-rules';

type SaveDeployBarProps = {
  save: { isDisabled: boolean; tooltip: string; isSaving: boolean; onSave: () => void };
  deploy: DeployButtonState & { isDeploying: boolean; onDeploy: () => void };
  className?: string;
};

/** The Save and Deploy pair (docs/product/widget.md#the-designer-connectidwebsite-widget). Disabled buttons keep their tooltip through a focusable wrapper. */
export function SaveDeployBar({ save, deploy, className }: SaveDeployBarProps) {
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <Tooltip content={save.tooltip}>
        <span
          tabIndex={save.isDisabled ? 0 : -1}
          className="inline-flex rounded-[var(--radius-control)] focus-visible:outline-2 focus-visible:outline-ring"
          data-testid="save-tooltip-trigger"
        >
          <Button variant="outline" onClick={save.onSave} disabled={save.isDisabled} aria-description={save.tooltip}>
            <Save aria-hidden />
            {save.isSaving ? 'Saving...' : 'Save'}
          </Button>
        </span>
      </Tooltip>
      <Tooltip content={deploy.hint}>
        <span
          tabIndex={deploy.isDisabled ? 0 : -1}
          className="inline-flex rounded-[var(--radius-control)] focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Button
            onClick={deploy.onDeploy}
            disabled={deploy.isDisabled}
            aria-description={deploy.hint}
            className={cn(
              deploy.label === 'Redeploy Required' &&
                !deploy.isDisabled &&
                'bg-amber-500 text-black hover:bg-amber-400',
            )}
          >
            <Rocket aria-hidden />
            {deploy.isDeploying ? 'Deploying...' : deploy.label}
          </Button>
        </span>
      </Tooltip>
    </div>
  );
}
