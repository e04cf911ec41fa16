/** Page-level browser effects, kept in one module so tests can replace them. */
export function reloadPage(): void {
  window.location.reload();
}

export function replaceUrl(url: string): void {
  window.history.replaceState(null, '', url);
}
