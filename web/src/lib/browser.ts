/** Page-level browser effects, kept in one module so tests can replace them. */
export function reloadPage(): void {
  window.location.reload();
}

export function replaceUrl(url: string): void {
  window.history.replaceState(null, '', url);
}

/** Leaves the app for another page (social sign-in goes through the API host). */
export function assignUrl(url: string): void {
  window.location.assign(url);
}
