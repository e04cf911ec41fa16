/**
 * The pseudo-language of the tests: every English message with its letters accented and 40% longer, placeholders
 * (`{{name}}`) and tags (`<1>`) kept, so text that skipped the catalogues stands out as plain English.
 */
const ACCENTS: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

const KEEP = /(\{\{[^}]+\}\}|<\/?[a-zA-Z0-9]+\/?>|\$t\([^)]*\))/;

export function pseudoText(text: string): string {
  const accented = text
    .split(KEEP)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c)))
    .join('');
  const letters = text.replace(new RegExp(KEEP.source, 'g'), '').length;
  const padding = Math.ceil(letters * 0.4);
  if (padding <= 0) return accented;
  // Words of at most six marks, as a language with longer words would add: one unbreakable run would be a width no
  // real language has.
  const marks = '·'.repeat(Math.max(padding - 3, 1)).replace(/(.{6})(?=.)/g, '$1 ');
  return `[${accented} ${marks}]`;
}

export function pseudoCatalogue<T>(catalogue: T): T {
  if (typeof catalogue === 'string') return pseudoText(catalogue) as T;
  if (catalogue && typeof catalogue === 'object') {
    return Object.fromEntries(Object.entries(catalogue).map(([key, value]) => [key, pseudoCatalogue(value)])) as T;
  }
  return catalogue;
}
