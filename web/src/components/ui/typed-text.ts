import { useState } from 'react';

/**
 * The text of a field that shows its stored value in another form than the one stored (a date day-month-year, a
 * time in 12-hour form), while a person types freely.
 *
 * - `parse` reads typed text as a stored value (undefined when it is none yet); `show` writes a stored value for the
 *   field (text that is no value is shown as it is).
 * - A new value from outside (a reset, a pick, the record being edited) replaces the text, unless the text already
 *   reads as that value (so what is being typed is not rewritten under the cursor).
 */
export function useTypedText(value: string, parse: (text: string) => string | undefined, show: (stored: string) => string) {
  const [text, setText] = useState(() => show(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (parse(text) !== value) setText(show(value));
  }
  return {
    text,
    /** Shows `next` as typed and answers what it stores: '' when empty, the value it reads as, else the text itself. */
    type(next: string): string {
      setText(next);
      return next.trim() === '' ? '' : (parse(next) ?? next);
    },
    /** The value the typed text was stored as (so it is not taken for a new value from outside). */
    stored(next: string) {
      setSeen(next);
    },
    /** On leaving the field: text that reads as a value is shown in its tidy form. */
    tidy() {
      const parsed = parse(text);
      if (parsed) setText(show(parsed));
    },
  };
}
