import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { AlertProvider } from '@/components/ui/alert-dialog';
import { ToastProvider } from '@/components/ui/toast';
import { DialogsProvider } from '@/lib/dialogs';
import { PreferencesProvider } from '@/lib/preferences';
import { swrConfig } from '@/lib/swr';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <PreferencesProvider>
      <SWRConfig value={swrConfig}>
        <ToastProvider>
          <AlertProvider>
            <DialogsProvider>{children}</DialogsProvider>
          </AlertProvider>
        </ToastProvider>
      </SWRConfig>
    </PreferencesProvider>
  );
}
