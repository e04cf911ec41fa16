import { useCallback } from 'react';
import { useAlert } from '@/components/ui/alert-dialog';
import { errorMessage } from '@/lib/api-error';
import { resendVerification } from '../api/auth';

/** The 'Email Not Active' question with Resend Email / Cancel, and the resend that follows (spec §8). */
export function useEmailNotActive(): (email: string) => Promise<void> {
  const alert = useAlert();
  return useCallback(
    async (email: string) => {
      const resend = await alert({
        icon: 'warning',
        title: 'Email Not Active',
        text: 'Your email is not active. Do you want to resend the verification email?',
        confirmText: 'Resend Email',
        cancelText: 'Cancel',
      });
      if (!resend) return;
      try {
        await resendVerification(email);
        void alert({ icon: 'success', title: 'Success', text: 'Verification email has been resent.' });
      } catch (error) {
        void alert({ icon: 'error', title: 'Error', text: errorMessage(error, 'Failed to resend verification email.') });
      }
    },
    [alert],
  );
}
