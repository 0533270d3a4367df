export { APP_HEADERS } from './api';
export { describeFindings, seriousA11yViolations } from './axe';
export {
  addLoadsViaApi,
  boardReady,
  browserToday,
  dismissToasts,
  fillLoad,
  loadDialog,
  loadRow,
  loadsPage,
  lookup,
  openBoard,
  openLoadEditor,
  paginationLabel,
  parseCsv,
  pick,
  selectBox,
  selectedText,
  shootPage,
  shootScreen,
  shootWhole,
  type TLoadBody,
  type TLoadFields,
  type TToastKind,
  type TWeek,
  toast,
  weekOn,
  workWeeks,
} from './board';
export { baseUrl, launchBrowser, newContext, type TContextOptions, type TTheme, useBrowser } from './browser';
export { currentUser, menuVisibleObjects, OBJECT_OF_PATH, readMenu, type TMenuEntry } from './menu';
export { networkQuiet, trackRequests } from './network';
export { localStorageOf, pathOf, text, visible, waitForPath } from './page-state';
export { SHOT_VARIANTS, screenshotsDir, shoot, themeOf } from './shoot';
export { COMPANY, DEMO, newEmail, openProviderPage, signIn, signInButton } from './sign-in';
export { chooseOptions, openUserEditor, userRow } from './user-admin';
