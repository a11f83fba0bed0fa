import { useNavigate } from 'react-router';
import { SubaccountNameDialog } from '@/components/subaccount-name-dialog';
import { connectPath } from '../../lib/connect-nav';

/**
 * '+ Add New Account' creates a real sub account (docs/product/accounts-and-team.md#account-area-connectid)
 * and opens its widget designer. The plan's sub-account limit opens the upgrade dialog.
 */
export function AddAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  return (
    <SubaccountNameDialog
      open={open}
      onOpenChange={onOpenChange}
      onCreated={(created) => void navigate(connectPath(created.id, 'website-widget'))}
    />
  );
}
