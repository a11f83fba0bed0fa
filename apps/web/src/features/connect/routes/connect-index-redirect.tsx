import { Navigate, useParams } from 'react-router';
import { connectPath } from '../lib/connect-nav';

/** /{connectId} alone opens the account's dashboard. */
export function ConnectIndexRedirect() {
  const { connectId: subaccountId = '' } = useParams();
  return <Navigate replace to={connectPath(subaccountId, 'dashboard')} />;
}
