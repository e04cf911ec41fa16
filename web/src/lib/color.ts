/** A `#rrggbb` colour, or undefined for anything else (so nothing unexpected reaches a style). */
export const safeColor = (color: string | undefined | null) => (color && /^#[0-9a-f]{6}$/i.test(color) ? color : undefined);

/** Relative luminance of a `#rrggbb` colour (WCAG 2). */
function luminance(hex: string): number {
  const channel = (at: number) => {
    const value = parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Black or white, whichever reads better on `background` (a `#rrggbb` colour); white for anything else. */
export function textColorOn(background: string | undefined | null): '#000000' | '#ffffff' {
  const safe = safeColor(background);
  if (!safe) return '#ffffff';
  const lum = luminance(safe);
  // Contrast with white is 1.05 / (lum + 0.05), with black (lum + 0.05) / 0.05: the larger wins.
  return 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 ? '#ffffff' : '#000000';
}
