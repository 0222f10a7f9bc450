'use client';
// Follows a guest's order until it is final: asks the BFF again after 1 s, then a little later each time (at most
// every 10 s), sooner again whenever the status moves; stops once the order is paid or canceled (an expired order
// is followed a while longer, since a payment made at the last moment can still arrive).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '../../lib/api-result';
import { pollDelayMs, shouldPoll, type GuestOrderView } from '../../lib/checkout';

export function useOrderPolling(initial: GuestOrderView, load: () => Promise<ApiResult<GuestOrderView>>) {
  const [order, setOrder] = useState(initial);
  const current = useRef(initial);
  const kick = useRef<() => void>(() => {});

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let inFlight = false;
    const started = Date.now();

    const schedule = () => {
      clearTimeout(timer);
      if (stopped || !shouldPoll(current.current, Date.now() - started)) return;
      timer = setTimeout(() => void look(), pollDelayMs(attempt));
      attempt += 1;
    };
    const look = async () => {
      if (inFlight) return;
      inFlight = true;
      const result = await load();
      inFlight = false;
      if (stopped) return;
      if (result.ok) {
        if (result.data.status !== current.current.status) attempt = 0;
        current.current = result.data;
        setOrder(result.data);
      } else if (result.status === 404) {
        // The order is gone for guests (it cannot be, but an endless loop of 404s would be worse).
        return;
      }
      schedule();
    };
    kick.current = () => {
      attempt = 0;
      clearTimeout(timer);
      void look();
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
      kick.current = () => {};
    };
  }, [load]);

  /** Asks now instead of at the next turn (after an action that changed the order). */
  const refresh = useCallback(() => kick.current(), []);
  return { order, refresh };
}
