import { useEffect } from 'react';
import { useSession } from './auth';
import { changeLanguage, i18next, isLanguage } from './i18n';
import { useApi } from './swr';
import { PROFILE_KEY } from './team-role';

/**
 * A signed-in person sees their account's language (saved in Profile), on every device: once the profile is read,
 * the app switches to it. The test pseudo-language (`?lang=pseudo`) is left alone.
 */
export function useAccountLanguage(): void {
  const { signedIn } = useSession();
  const { data } = useApi(signedIn && PROFILE_KEY);
  const account = (data as { language?: unknown } | undefined)?.language;
  // Only when the account's language is read or changes: a choice being saved in Profile is not undone meanwhile.
  useEffect(() => {
    if (isLanguage(account) && i18next.language !== account && i18next.language !== 'pseudo') void changeLanguage(account);
  }, [account]);
}
