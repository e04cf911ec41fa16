import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** Set once the first screen has had its idle moment: from then on, {@link Later} renders at once. */
let settled = false;

/** Runs `then` when the browser is next idle (within two seconds), or after a short pause where it cannot say. */
function whenIdle(then: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(then, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(then, 200);
  return () => window.clearTimeout(id);
}

/**
 * Renders its children once the first screen is drawn and the browser is idle, not with it: parts of the shell a
 * first screen does not show (the footer below the fold, the hosts of dialogs and banners, a phone's floating chat
 * button) made the first render and its effects longer, and so the phone's first screen later and less responsive.
 * Keep out of it what reads the API as it mounts: its reads belong with the first screen's. `now` renders at once
 * (say, a docked chat window the first screen shows). Rendered in a transition, in slices between which the browser
 * stays responsive.
 */
export function Later({ children, now = false }: { children: ReactNode; now?: boolean }) {
  const [ready, setReady] = useState(() => settled || now);
  useEffect(() => {
    if (ready) return;
    // Once shown, it stays: a `now` that turns false later does not take the children away again.
    if (now) {
      setReady(true);
      return;
    }
    return whenIdle(() => {
      settled = true;
      startTransition(() => setReady(true));
    });
  }, [ready, now]);
  return ready || now ? children : null;
}
