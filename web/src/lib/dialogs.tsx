import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** App-wide dialogs that any screen may open: sign-in, sign-up and Contact Us. */
export type AppDialog = 'signIn' | 'signUp' | 'contact';

/**
 * What a dialog opens with: the e-mail to fill in (a verified address, an invited one), and the invitation token a
 * sign-up carries so that the new account joins that team once its address is verified.
 */
export interface DialogPrefill {
  email?: string;
  invitation?: string;
}

interface DialogsValue {
  active: AppDialog | null;
  prefill: DialogPrefill;
  open: (dialog: AppDialog, prefill?: DialogPrefill) => void;
  close: () => void;
}

const DialogsContext = createContext<DialogsValue | null>(null);

export function DialogsProvider({ children, initial = null }: { children: ReactNode; initial?: AppDialog | null }) {
  const [active, setActive] = useState<AppDialog | null>(initial);
  const [prefill, setPrefill] = useState<DialogPrefill>({});
  const open = useCallback((dialog: AppDialog, next: DialogPrefill = {}) => {
    setPrefill(next);
    setActive(dialog);
  }, []);
  const close = useCallback(() => setActive(null), []);
  const value = useMemo(() => ({ active, prefill, open, close }), [active, prefill, open, close]);
  return <DialogsContext.Provider value={value}>{children}</DialogsContext.Provider>;
}

export function useDialogs(): DialogsValue {
  const value = useContext(DialogsContext);
  if (!value) throw new Error('useDialogs must be used inside DialogsProvider');
  return value;
}
