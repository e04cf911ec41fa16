import { afterEach, describe, expect, it } from 'vitest';
import { browserLanguage, changeLanguage, currentLanguage, formatLocale, initialLanguage, t } from './i18n';
import { formatDate, formatTime, weekStartsOn } from './format';

describe('the language of the app', () => {
  afterEach(async () => {
    window.history.replaceState(null, '', '/');
    localStorage.clear();
    await changeLanguage('en');
  });

  it('follows the first of the browser languages the app has', () => {
    expect(browserLanguage(['pt-BR', 'de-AT', 'fr'])).toBe('de');
    expect(browserLanguage(['FR-ca'])).toBe('fr');
    expect(browserLanguage(['ja', 'zh'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('takes ?lang= first, then the choice kept on this device, then the browser', () => {
    localStorage.setItem('breaktime.language', 'es');
    expect(initialLanguage()).toBe('es');
    window.history.replaceState(null, '', '/breaks?lang=fr');
    expect(initialLanguage()).toBe('fr');
    expect(localStorage.getItem('breaktime.language')).toBe('fr');
    window.history.replaceState(null, '', '/breaks?lang=xx');
    expect(initialLanguage()).toBe('fr');
    localStorage.setItem('breaktime.language', 'klingon');
    expect(['en', 'de', 'fr', 'es']).toContain(initialLanguage());
  });

  it('switches the catalogue, <html lang> and the formats', async () => {
    await changeLanguage('de');
    expect(currentLanguage()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(t('common.cancel')).toBe('Abbrechen');
    expect(formatDate('2025-06-02')).toBe('02.06.2025');
    expect(formatTime('13:05')).toBe('13:05');
    expect(formatLocale()).toBe('de');
    expect(weekStartsOn()).toBe(1);
    await changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(t('common.cancel')).toBe('Cancel');
    expect(formatDate('2025-06-02')).toBe('02/06/2025');
    expect(formatTime('13:05')).toBe('1:05 PM');
    expect(formatLocale()).toBe('en-GB');
  });

  it('the pseudo-language is English, accented and longer', async () => {
    await changeLanguage('pseudo');
    expect(t('common.cancel')).not.toBe('Cancel');
    expect(t('common.cancel')).toMatch(/Çáñçéĺ/);
    expect(currentLanguage()).toBe('en');
  });
});
