import { browserLanguage, currentLanguage, isLanguage, t, type Language } from '@/lib/i18n';

/**
 * The messages the server may send to /auth/callback as `?error=` (the sign-in routes' refusals, in the language of
 * the browser's request). Only these are shown, in the app's language; any other text, which anyone can put in a
 * link, is never shown: it becomes the generic "Sign-in failed".
 */
const KNOWN = [
  'providerNotConfigured',
  'providerFailed',
  'providerCancelled',
  'providerNoVerifiedEmail',
  'expired',
  'somethingWentWrong',
  'ssoFailed',
  'ssoCancelled',
  'ssoUnavailable',
  'ssoNotConfigured',
  'ssoNoVerifiedEmail',
  'ssoRequired',
  'emailUnusable',
  'emailTaken',
] as const;

/** The provider names the server puts in its messages (proper names, the same in every language). */
const PROVIDERS = ['GitHub', 'Google'];

type Errors = Partial<Record<(typeof KNOWN)[number], string>>;

const catalogues: Record<Language, () => Promise<{ default: { auth?: { callback?: { errors?: Errors } } } }>> = {
  en: () => import('@/locales/en.json'),
  de: () => import('@/locales/de.json'),
  fr: () => import('@/locales/fr.json'),
  es: () => import('@/locales/es.json'),
};

/**
 * The message to show for the callback's `error`: the known message it is (in the server's language, which follows
 * the browser's, or in the app's or English), said in the app's language; else "Sign-in failed".
 */
export async function callbackErrorMessage(given: string | null): Promise<string> {
  const failed = t('auth.callback.failed');
  if (!given) return failed;
  const languages = [...new Set<Language>([currentLanguage(), browserLanguage(), 'en'])].filter(isLanguage);
  for (const language of languages) {
    let errors: Errors | undefined;
    try {
      errors = (await catalogues[language]()).default.auth?.callback?.errors;
    } catch {
      continue;
    }
    for (const key of KNOWN) {
      const text = errors?.[key];
      if (!text) continue;
      if (!text.includes('{{provider}}')) {
        if (text === given) return t(`auth.callback.errors.${key}`);
        continue;
      }
      const provider = PROVIDERS.find((name) => text.replaceAll('{{provider}}', name) === given);
      if (provider) return t(`auth.callback.errors.${key}`, { provider });
    }
  }
  return failed;
}
