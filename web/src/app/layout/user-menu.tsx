import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { signOut } from '@/lib/auth';
import { Icon } from './icons';

/** The signed-in user's name with Settings and Sign out. */
export function UserMenu({ name }: { name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const itemClass = 'flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800';

  return (
    <div ref={rootRef} className="relative min-w-0">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-11 max-w-full items-center gap-1.5 rounded-lg px-2 text-sm font-semibold hover:bg-slate-200/70 sm:max-w-[14rem] dark:hover:bg-slate-800"
      >
        <Icon name="profile" className="size-5 shrink-0" />
        <span className="truncate">{name || t('nav.account')}</span>
        <Icon name="chevronDown" className="size-4 shrink-0" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('nav.account')}
          className="absolute right-0 z-40 mt-2 w-48 rounded-xl bg-white p-1.5 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
        >
          <Link role="menuitem" to={paths.settings} className={itemClass} onClick={() => setOpen(false)}>
            <Icon name="settings" /> {t('nav.settings')}
          </Link>
          <button role="menuitem" type="button" className={itemClass} onClick={() => void signOut()}>
            <Icon name="signIn" /> {t('nav.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
