/**
 * The app's languages: message catalogues (src/locales/<language>.json, i18next JSON v4, one file per language,
 * loaded lazily so only the person's language is downloaded), the choice of language and the formats that follow it.
 *
 * Components read text with `useTranslation()` (react-i18next) and `t('area.key', { count, name })`; code outside
 * React (zod messages, toasts built in hooks) uses {@link t} from here, which reads the current language when called.
 */
import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** The languages a person can choose, in the order the pickers list them. */
export const LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, for the pickers (not translated: a person finds their own language by its name). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español' };

/**
 * 'pseudo' is a test language: the English catalogue with accented letters and 40% longer, which shows text that
 * skipped the catalogues (it stays plain English) and layouts that break with longer words. Chosen with `?lang=pseudo`.
 */
export type UiLanguage = Language | 'pseudo';

const STORAGE_KEY = 'breaktime.language';

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

type Catalogue = Record<string, unknown>;

const loaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  en: () => import('@/locales/en.json'),
  de: () => import('@/locales/de.json'),
  fr: () => import('@/locales/fr.json'),
  es: () => import('@/locales/es.json'),
};

/** The first of the browser's languages the app has (`de-AT` is `de`), else English. */
export function browserLanguage(languages: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

function storedLanguage(): UiLanguage | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'pseudo' || isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The language of the first screen: `?lang=` (kept), else the last one chosen on this device, else the browser's. */
export function initialLanguage(): UiLanguage {
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (asked === 'pseudo' || isLanguage(asked)) {
    remember(asked);
    return asked;
  }
  return storedLanguage() ?? browserLanguage();
}

function remember(language: UiLanguage) {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for the page.
  }
}

async function catalogue(language: UiLanguage): Promise<Catalogue> {
  if (language === 'pseudo') {
    const [{ default: en }, { pseudoCatalogue }] = await Promise.all([loaders.en(), import('./pseudo-language')]);
    return pseudoCatalogue(en);
  }
  return (await loaders[language]()).default;
}

/** The language the app shows now ('pseudo' counts as English for formats and the server). */
export function currentLanguage(): Language {
  const language = i18next.language;
  return isLanguage(language) ? language : 'en';
}

/** Starts i18next with `language`'s catalogue (or the one given, for tests). */
export async function startI18n(language: UiLanguage = initialLanguage(), resources?: Catalogue): Promise<void> {
  const translation = resources ?? (await catalogue(language));
  await i18next.use(initReactI18next).init({
    lng: language,
    // Every key is in every catalogue (src/locales/catalogues.test.ts): nothing to fall back to, nothing more to load.
    fallbackLng: false,
    resources: { [language]: { translation } },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  document.documentElement.lang = currentLanguage();
}

/** Switches the app to `language`: loads its catalogue, re-renders every text and remembers it on this device. */
export async function changeLanguage(language: UiLanguage): Promise<void> {
  remember(language);
  if (i18next.language === language) return;
  if (!i18next.hasResourceBundle(language, 'translation')) i18next.addResourceBundle(language, 'translation', await catalogue(language));
  await i18next.changeLanguage(language);
  document.documentElement.lang = currentLanguage();
}

/**
 * Resolves once a catalogue is loaded: at start-up it loads alongside the session's refresh, and a message shown
 * before the first render (an alert) waits for it.
 */
export function i18nReady(): Promise<void> {
  if (i18next.isInitialized) return Promise.resolve();
  return new Promise((resolve) => {
    const ready = () => {
      i18next.off('initialized', ready);
      resolve();
    };
    i18next.on('initialized', ready);
  });
}

/** `t` for code outside components; reads the language at the time of the call. */
export function t(key: string, options?: TOptions): string {
  return i18next.t(key, options ?? {}) as string;
}

/** A zod message read when the check runs (so in the language of that moment): `z.string().min(1, { error: msg('k') })`. */
export const msg =
  (key: string, options?: TOptions): (() => string) =>
  () =>
    t(key, options);

/** The BCP 47 tag of the formats: English keeps the specification's day-month-year (en-GB). */
export function formatLocale(language: Language = currentLanguage()): string {
  return language === 'en' ? 'en-GB' : language;
}

export { i18next };
