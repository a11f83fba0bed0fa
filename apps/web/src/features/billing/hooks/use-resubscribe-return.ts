import { SUBSCRIPTION_CONTINUES_MESSAGE } from '@agentry/core/billing';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { syncCheckout } from '../api/checkout';
import type { StatusBannerData } from '../components/status-banner';
import { getUsagePoller } from './use-usage';

const applied = new Map<string, Promise<unknown>>();

/**
 * A resubscribe after the subscription ended goes through a new checkout that returns with
 * resubscribed=true&session_id=...: apply it once, report 'Subscription restored', clean the URL.
 */
export function useResubscribeReturn({ onOutcome }: { onOutcome: (banner: StatusBannerData) => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const isReturn = searchParams.get('resubscribed') === 'true';
  const sessionId = searchParams.get('session_id');
  const outcomeRef = useRef(onOutcome);
  useEffect(() => {
    outcomeRef.current = onOutcome;
  });

  useEffect(() => {
    if (!isReturn) return;
    let isCurrent = true;
    const key = sessionId ?? '';
    let pending = applied.get(key);
    if (!pending) {
      pending = sessionId ? syncCheckout(sessionId).catch(() => null) : Promise.resolve(null);
      applied.set(key, pending);
    }
    void pending.then(() => {
      if (!isCurrent) return;
      outcomeRef.current({
        type: 'success',
        title: 'Subscription restored',
        description: SUBSCRIPTION_CONTINUES_MESSAGE,
      });
      void queryClient.invalidateQueries();
      void getUsagePoller(queryClient).refresh({ force: true });
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('resubscribed');
          next.delete('session_id');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    });
    return () => {
      isCurrent = false;
    };
  }, [isReturn, sessionId, queryClient, setSearchParams]);
}
