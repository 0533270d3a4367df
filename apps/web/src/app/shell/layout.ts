/** Spec §9: sidebar open width 240 px, mobile breakpoint width up to 768 px. Kept apart from the
 * shell so the app's root can use them without loading the shell (it is a lazy route). */
export const SIDEBAR_WIDTH = 240;
export const MOBILE_QUERY = '(max-width:768px)';
export const DESKTOP_QUERY = '(min-width:769px)';
