import type { ReactNode } from 'react';

export type IconName =
  | 'dashboard'
  | 'tasks'
  | 'archives'
  | 'leaves'
  | 'calendar'
  | 'meetings'
  | 'team'
  | 'onBreak'
  | 'absent'
  | 'workTime'
  | 'requests'
  | 'profile'
  | 'support'
  | 'signIn'
  | 'signUp'
  | 'menu'
  | 'close'
  | 'pin'
  | 'settings'
  | 'agenda'
  | 'checklist'
  | 'chevronDown';

const paths: Record<IconName, ReactNode> = {
  dashboard: <path d="M4 13h6V4H4v9zm0 7h6v-5H4v5zm10 0h6v-9h-6v9zm0-16v5h6V4h-6z" />,
  tasks: <path d="M9 6h11M9 12h11M9 18h11M4 6l1 1 2-2M4 12l1 1 2-2M4 18l1 1 2-2" />,
  archives: <path d="M3 5h18v4H3zM5 9v10h14V9M10 13h4" />,
  leaves: <path d="M4 7h16v13H4zM4 11h16M8 3v4M16 3v4" />,
  calendar: <path d="M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M7 13h3v3H7zM14 13h3M14 16h3" />,
  meetings: <path d="M4 6h11v12H4zM15 10l5-3v10l-5-3" />,
  team: <path d="M9 11a3 3 0 100-6 3 3 0 000 6zM3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 5.5a3 3 0 010 5.5M18 14c2 .8 3 3 3 6" />,
  onBreak: <path d="M5 9h11v5a5 5 0 01-5 5h-1a5 5 0 01-5-5V9zM16 10h2a2 2 0 010 4h-2M8 3v3M12 3v3" />,
  workTime: <path d="M12 21a8 8 0 100-16 8 8 0 000 16zM12 9v4l2.5 2.5M9 2h6M12 2v3" />,
  absent: <path d="M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 3" />,
  requests: <path d="M9 3h6v3H9zM9 4.5H5V21h14V4.5h-4M8.5 13.5l2.5 2.5 4.5-5" />,
  profile: <path d="M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 3.6-7 8-7s8 3 8 7" />,
  support: <path d="M21 12a8 8 0 01-11.6 7.1L4 20l1.1-4.3A8 8 0 1121 12z" />,
  signIn: <path d="M14 4h4a2 2 0 012 2v12a2 2 0 01-2 2h-4M10 16l4-4-4-4M14 12H4" />,
  signUp: <path d="M10 11a4 4 0 100-8 4 4 0 000 8zM2 21c0-4 3.6-7 8-7 1.4 0 2.7.3 3.8.8M19 14v6M16 17h6" />,
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  pin: <path d="M9 4h6l-1 5 3 3H7l3-3-1-5zM12 12v8" />,
  settings: (
    <path d="M12 15a3 3 0 100-6 3 3 0 000 6zM19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1z" />
  ),
  agenda: <path d="M4 5h16v15H4zM4 9h16M8 3v4M16 3v4M8 13h8M8 16h5" />,
  checklist: <path d="M9 5h11M9 12h11M9 19h11M4 4h2v2H4zM4 11h2v2H4zM4 18h2v2H4z" />,
  chevronDown: <path d="M6 9l6 6 6-6" />,
};

export function Icon({ name, className = 'size-5' }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {paths[name]}
    </svg>
  );
}
