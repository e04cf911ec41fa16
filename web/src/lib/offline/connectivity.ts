/**
 * Whether the server answered the last call: a call that failed on the network (no answer at all) marks it out of
 * reach until the next call that gets any answer. `navigator.onLine` alone is not enough: it says true on a network
 * that goes nowhere, and in a page reloaded with no connection some browsers report true as well.
 */
let unreachable = false;
const listeners = new Set<() => void>();

/** Records the outcome of a call: `true` for any answer (an error status included), `false` for none. */
export function reportReachable(reachable: boolean): void {
  if (unreachable === !reachable) return;
  unreachable = !reachable;
  for (const listener of listeners) listener();
}

export function serverUnreachable(): boolean {
  return unreachable;
}

export function subscribeReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
