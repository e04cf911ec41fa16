import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

const links = [
  { to: paths.contact, label: 'Contact' },
  { to: paths.about, label: 'About' },
  { to: paths.privacyPolicy, label: 'Privacy' },
  { to: paths.faq, label: 'FAQ' },
  { to: paths.howToSchedule, label: 'Focus' },
];

export function Footer() {
  // Side by side when the footer itself is wide enough (the page's column is narrow beside the docked chat).
  return (
    <footer className="@container px-4 pt-2 pb-20 text-sm text-slate-600 sm:pb-6 dark:text-slate-400">
      <div className="flex flex-col items-center justify-between gap-2 @xl:flex-row">
        <p>© {new Date().getFullYear()} Breaktime</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap justify-center gap-x-1">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-11 items-center px-2 hover:text-slate-800 dark:hover:text-slate-200">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
