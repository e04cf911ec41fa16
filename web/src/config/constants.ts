/** Business constants of spec §9. */
export const ACCESS_TOKEN_DAYS = 1 / 3;
export const SESSION_COOKIE_DAYS = 7;
export const CALLBACK_COOKIE_DAYS = 7;
export const RELOAD_AFTER_LOGIN_MS = 100;
export const NARROW_SCREEN_PX = 800;
export const CHAT_DEFAULT_OPEN_MIN_PX = 768;
/**
 * From CHAT_DEFAULT_OPEN_MIN_PX up, the open chat docks at the right edge and the page gives up this much width for
 * it: the 20rem window and a 0.75rem margin each side (the shell's pr-[21.5rem]), so it never lies over the page.
 */
export const DOCKED_CHAT_RESERVE_PX = 344;
/** The pinned sidebar's column: its 16rem and a 0.75rem margin each side (the shell's pl-[17.5rem]). */
export const PINNED_SIDEBAR_RESERVE_PX = 280;
/**
 * The least width a page keeps beside the docked chat with the sidebar pinned. Below it (1648 px screens and
 * narrower, so every common laptop) the pinned sidebar folds to its icon rail while the chat is open: beside both
 * columns a 1366 px screen left the page 740 px, too little for the top bar's one row and the team's tables.
 */
export const PAGE_BESIDE_CHAT_MIN_PX = 1024;
export const IOS_INSTALL_BANNER_DELAY_MS = 1500;
export const SHORT_TOAST_MS = 1500;
export const DEFAULT_TOAST_MS = 5000;
export const PAGE_SIZE = 20;
