/**
 * Resolves in a task of its own, after the browser has had its turn: long work (the start, the first screen's reads)
 * split into tasks short enough not to block input.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
