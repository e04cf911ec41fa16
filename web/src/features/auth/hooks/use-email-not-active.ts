import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '@/components/ui/alert-dialog';
import { errorMessage } from '@/lib/api-error';
import { resendVerification } from '../api/auth';

/** The 'Email Not Active' question with Resend Email / Cancel, and the resend that follows (spec §8). */
export function useEmailNotActive(): (email: string) => Promise<void> {
  const { t } = useTranslation();
  const alert = useAlert();
  return useCallback(
    async (email: string) => {
      const resend = await alert({
        icon: 'warning',
        title: t('auth.emailNotActive.title'),
        text: t('auth.emailNotActive.text'),
        confirmText: t('auth.emailNotActive.resend'),
        cancelText: t('common.cancel'),
      });
      if (!resend) return;
      try {
        await resendVerification(email);
        void alert({ icon: 'success', title: t('auth.common.success'), text: t('auth.emailNotActive.resent') });
      } catch (error) {
        void alert({ icon: 'error', title: t('auth.common.error'), text: errorMessage(error, t('auth.emailNotActive.resendFailed')) });
      }
    },
    [alert, t],
  );
}
