import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** App-wide dialogs that any screen may open: sign-in, sign-up and Contact Us. */
export type AppDialog = 'signIn' | 'signUp' | 'contact';

interface DialogsValue {
  active: AppDialog | null;
  open: (dialog: AppDialog) => void;
  close: () => void;
}

const DialogsContext = createContext<DialogsValue | null>(null);

export function DialogsProvider({ children, initial = null }: { children: ReactNode; initial?: AppDialog | null }) {
  const [active, setActive] = useState<AppDialog | null>(initial);
  const open = useCallback((dialog: AppDialog) => setActive(dialog), []);
  const close = useCallback(() => setActive(null), []);
  const value = useMemo(() => ({ active, open, close }), [active, open, close]);
  return <DialogsContext.Provider value={value}>{children}</DialogsContext.Provider>;
}

export function useDialogs(): DialogsValue {
  const value = useContext(DialogsContext);
  if (!value) throw new Error('useDialogs must be used inside DialogsProvider');
  return value;
}
