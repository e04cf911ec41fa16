import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Each link's path and its label's key under `nav.footerLinks`. */
const links = [
  { to: paths.contact, label: 'contact' },
  { to: paths.about, label: 'about' },
  { to: paths.privacyPolicy, label: 'privacy' },
  { to: paths.faq, label: 'faq' },
  { to: paths.howToSchedule, label: 'focus' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  // Side by side when the footer itself is wide enough (the page's column is narrow beside the docked chat).
  return (
    <footer className="@container px-4 pt-2 pb-20 text-sm text-slate-600 sm:pb-6 dark:text-slate-400">
      <div className="flex flex-col items-center justify-between gap-2 @xl:flex-row">
        <p>© {new Date().getFullYear()} Breaktime</p>
        <nav aria-label={t('nav.footer')}>
          <ul className="flex flex-wrap justify-center gap-x-1">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-11 items-center px-2 hover:text-slate-800 dark:hover:text-slate-200">
                  {t(`nav.footerLinks.${link.label}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
