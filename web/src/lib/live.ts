import { useEffect, useRef, useState } from 'react';
import { errorMessage } from './api-error';

/* What the cards of a live break and of a clocked-in work period share: a clock that ticks while the record runs, and
 * the start and end buttons that swap places (the record itself, with the taps still queued played over the server's,
 * is `useLiveRecord` in offline/write.ts). */

/** The time now, read again every `intervalMs` while mounted. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The milliseconds from `since` (RFC 3339) to `now`; 0 when `since` does not parse. */
export function elapsedMs(since: string, now: number): number {
  const started = Date.parse(since);
  return Number.isNaN(started) ? 0 : now - started;
}

/**
 * A start button and its end button replace each other, so the one pressed is gone: `arm` as it is pressed, and the
 * button that takes its place focuses itself as it mounts (not on a page load). One swap per card.
 */
export function focusSwap() {
  let armed = false;
  return {
    arm: (on = true) => {
      armed = on;
    },
    useFocus<E extends HTMLElement>() {
      const ref = useRef<E>(null);
      useEffect(() => {
        if (!armed) return;
        armed = false;
        ref.current?.focus();
      }, []);
      return ref;
    },
  };
}

/**
 * A live card's start or end: arms the swap, runs `act`; on a failure disarms it, shows the server's message (else
 * `failed`) and reads the server's state again (another tab or device may have started or ended it already).
 */
export function useLiveAction(swap: ReturnType<typeof focusSwap>, what: string, failed: string, revalidate: () => unknown) {
  const [error, setError] = useState<string>();
  const run = async (act: () => Promise<unknown>) => {
    setError(undefined);
    swap.arm();
    try {
      await act();
    } catch (failure) {
      swap.arm(false);
      console.error(`${what} failed`, failure);
      setError(errorMessage(failure, failed));
      void revalidate();
    }
  };
  return { error, run };
}
