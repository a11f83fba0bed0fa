import { SUBSCRIPTION_UPDATED_MESSAGE, UPGRADE_PENDING_MESSAGE } from '@agentry/core/billing';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { finalizeUpgrade, planChangeMessages } from '../api/plan-change';
import type { StatusBannerData } from '../components/status-banner';
import { describePlanChangeError } from '../lib/plan-change-errors';
import { getUsagePoller } from './use-usage';

export const UPGRADE_RETURN_PARAMS = ['upgrade_success', 'session_id', 'price_id'] as const;

// Finalize once per checkout session, however many components or renders see the return.
const finalizations = new Map<string, Promise<StatusBannerData>>();

function finalizeOnce(sessionId: string): Promise<StatusBannerData> {
  let pending = finalizations.get(sessionId);
  if (!pending) {
    pending = finalizeUpgrade(sessionId).then(
      (reply): StatusBannerData =>
        reply.success === false || reply.status === 'pending'
          ? { type: 'warning', title: 'Upgrade confirmation pending', description: UPGRADE_PENDING_MESSAGE }
          : { type: 'success', title: 'Plan upgraded', description: reply.message || SUBSCRIPTION_UPDATED_MESSAGE },
      (error: unknown): StatusBannerData => {
        // A refused card is an answer, not a pending confirmation: the old plan stays, say why.
        const described = describePlanChangeError(error);
        return described.cardCode
          ? { type: 'error', title: planChangeMessages.upgradeFailed, description: described.message }
          : { type: 'warning', title: 'Upgrade confirmation pending', description: UPGRADE_PENDING_MESSAGE };
      },
    );
    finalizations.set(sessionId, pending);
  }
  return pending;
}

/**
 * docs/product/billing-and-credits.md#checkout-and-plan-changes, upgrade return: with upgrade_success=true and a session_id in the URL, finalizes the
 * upgrade once, reports 'Plan upgraded', the card error of a declined payment (402) or 'Upgrade
 * confirmation pending', refreshes all data and
 * strips upgrade_success, session_id and price_id from the URL.
 */
export function useUpgradeReturn({
  enabled = true,
  onOutcome,
}: {
  enabled?: boolean;
  onOutcome: (banner: StatusBannerData) => void;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const isReturn = searchParams.get('upgrade_success') === 'true';
  const sessionId = searchParams.get('session_id');
  const outcomeRef = useRef(onOutcome);
  useEffect(() => {
    outcomeRef.current = onOutcome;
  });

  useEffect(() => {
    if (!enabled || !isReturn) return;
    const strip = () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of UPGRADE_RETURN_PARAMS) next.delete(name);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    if (!sessionId) {
      strip();
      return;
    }
    let isCurrent = true;
    void finalizeOnce(sessionId).then((banner) => {
      if (!isCurrent) return;
      outcomeRef.current(banner);
      void queryClient.invalidateQueries();
      void getUsagePoller(queryClient).refresh({ force: true });
      strip();
    });
    return () => {
      isCurrent = false;
    };
  }, [enabled, isReturn, sessionId, queryClient, setSearchParams]);

  return { isFinalizing: enabled && isReturn && Boolean(sessionId) };
}
