import { describe, expect, it } from 'vitest';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import fr from '@/locales/fr.json';

/*
 * The leave dialog's title says what the button that opens it and the one that saves it say, in the same sentence
 * case ("Add leave", not "Add Leave" over an "Add leave" button), in every language.
 */
describe('Add leave wording', () => {
  it.each([
    ['en', en],
    ['de', de],
    ['fr', fr],
    ['es', es],
  ])('%s: the title, the page button and the save button are one text', (_, catalogue) => {
    const { form, page } = catalogue.leaves;
    expect(form.addTitle).toBe(page.add);
    expect(form.addTitle).toBe(form.addLeave);
    expect(form.addTitle).toBe(form.addLabel);
    expect(form.editTitle).toBe(form.editLabel);
  });
});
