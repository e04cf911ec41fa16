import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { usePreferences, type LayoutWidth, type SidebarType } from '@/lib/preferences';
import { Icon } from './icons';

function Choice<T extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="grid grid-cols-3 gap-2">
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={value === option.value}
            onClick={() => onChange(option.value)}
            className={cn(
              'min-h-11 rounded-lg border px-2 text-sm font-medium',
              value === option.value
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800',
            )}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function Switch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onChange(!checked)}
      className="flex min-h-11 w-full items-center justify-between gap-3 text-sm font-semibold"
    >
      {label}
      <span className={cn('relative h-6 w-11 rounded-full transition-colors', checked ? 'bg-brand-700' : 'bg-slate-300 dark:bg-slate-600')}>
        <span className={cn('absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform', checked && 'translate-x-5')} />
      </span>
    </button>
  );
}

/** Display preferences, remembered in this browser. */
export function Configurator({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const preferences = usePreferences();
  if (!open) return null;
  return (
    <aside
      id="configurator"
      aria-label={t('shell.display.title')}
      className="animate-slide-up fixed inset-y-0 right-0 z-40 flex w-full max-w-sm flex-col gap-6 overflow-y-auto bg-white p-5 shadow-2xl dark:bg-slate-900"
    >
      <div className="flex items-start justify-between">
        <div>
          <h2 className="text-lg font-semibold">{t('shell.display.title')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('shell.display.subtitle')}</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('shell.display.close')}
          className="-mr-2 inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <Icon name="close" />
        </button>
      </div>
      <Choice<SidebarType>
        legend={t('shell.display.sidebarType')}
        value={preferences.sidebarType}
        onChange={(sidebarType) => preferences.update({ sidebarType })}
        options={[
          { value: 'dark', label: t('shell.display.dark') },
          { value: 'light', label: t('shell.display.light') },
          { value: 'transparent', label: t('shell.display.transparent') },
        ]}
      />
      <Switch label={t('shell.display.darkMode')} checked={preferences.darkMode} onChange={(darkMode) => preferences.update({ darkMode })} />
      <Switch label={t('nav.pinSidebar')} checked={preferences.isPinned} onChange={(isPinned) => preferences.update({ isPinned })} />
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t('shell.display.layout')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(
            [
              { value: 'fluid', label: t('shell.display.fullWidth') },
              { value: 'boxed', label: t('shell.display.centered') },
            ] as Array<{ value: LayoutWidth; label: string }>
          ).map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={preferences.layout === option.value}
              onClick={() => preferences.update({ layout: option.value })}
              className={cn(
                'min-h-11 rounded-lg border px-2 text-sm font-medium',
                preferences.layout === option.value
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800',
              )}
            >
              {option.label}
            </button>
          ))}
        </div>
      </fieldset>
    </aside>
  );
}
