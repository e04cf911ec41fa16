/**
 * Whether the person asked their system for less motion (prefers-reduced-motion). CSS animations and transitions
 * follow it in index.css; this is for motion started from script: smooth scrolling and the charts' animations.
 */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** 'smooth', or 'auto' (a jump) when less motion is wanted. */
export const scrollBehavior = (): ScrollBehavior => (prefersReducedMotion() ? 'auto' : 'smooth');
