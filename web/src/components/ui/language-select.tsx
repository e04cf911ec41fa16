import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '@/lib/i18n';
import { cn } from '@/lib/cn';

interface LanguageSelectProps {
  /** Called after the app has switched (Profile saves the choice on the account). */
  onChange?: (language: Language) => void;
  className?: string;
  /** Shows the label ("Language") above the control; otherwise it is the control's accessible name only. */
  showLabel?: boolean;
  id?: string;
  /**
   * The navbar's form: the language's code ("DE") over the native select, which stays the control (the phone's own
   * picker, the full names, the label), so the bar keeps one row on a phone.
   */
  compact?: boolean;
}

/** The app's languages by their own names; choosing one switches the app at once and remembers it on this device. */
export function LanguageSelect({ onChange, className, showLabel = false, id = 'language-select', compact = false }: LanguageSelectProps) {
  const { t, i18n } = useTranslation();
  const value = i18n.language === 'pseudo' ? 'en' : currentLanguage();
  return (
    <div className={cn(showLabel && 'space-y-1', compact && 'relative', className)}>
      <label htmlFor={id} className={showLabel ? 'block text-sm font-medium text-slate-700 dark:text-slate-200' : 'visually-hidden'}>
        {t('common.language')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const language = event.target.value as Language;
          void changeLanguage(language).then(() => onChange?.(language));
        }}
        className={cn(
          compact ? 'peer absolute inset-0 size-full cursor-pointer opacity-0' : 'block',
          'min-h-11 rounded-lg border border-slate-300 bg-white px-2 py-2 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
        )}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      {compact && (
        <span
          aria-hidden="true"
          className="flex min-h-11 min-w-11 items-center justify-center rounded-lg px-2 text-sm font-semibold text-slate-700 uppercase peer-hover:bg-slate-200/70 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 dark:text-slate-200 dark:peer-hover:bg-slate-800"
        >
          {value}
        </span>
      )}
    </div>
  );
}
