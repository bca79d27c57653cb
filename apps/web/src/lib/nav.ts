import { RELAUNCH_DELAY_MS } from './constants';

/**
 * Route rules (SPEC §2) as pure functions, so the router layer stays thin and every rule that
 * protects the user (open pages, return addresses, launch links) is tested here.
 */
export { RELAUNCH_DELAY_MS };

export const APP_PREFIX = '/app/pages/';

export const TAB_PATHS = {
  home: '/app/pages/tabbar/index/index',
  markets: '/app/pages/tabbar/markets/index',
  trade: '/app/pages/tabbar/trade/index',
  customer: '/app/pages/tabbar/customer/index',
  asset: '/app/pages/tabbar/asset/index',
  mine: '/app/pages/tabbar/mine/index',
} as const;
export type TabKey = keyof typeof TAB_PATHS;

/** The entry route "/" is an alias of the Home tab; INDEX_PATH is a different, separate page. */
export const HOME_PATH = TAB_PATHS.home;
export const INDEX_PATH = '/app/pages/index/index';
export const LOGIN_PATH = '/app/pages/user/login';
export const REGISTER_PATH = '/app/pages/user/register';
export const FIND_PASSWORD_PATH = '/app/pages/user/findpwd';
export const WEBVIEW_PATH = '/app/pages/webview/index';

/** SPEC §2's restricted page ("Your access has been restricted"). */
export const LIMIT_PATH = '/app/pages/common/limitPage';

/**
 * Pages open without login: the four of SPEC §2, plus register and find-password, which a
 * visitor must reach to ever hold a session, and the restricted page, where a blocked address
 * is sent before anyone could sign in from it (docs/content.md, Access restriction).
 */
export const OPEN_PATHS: readonly string[] = [
  LOGIN_PATH,
  '/app/pages/index/customer',
  WEBVIEW_PATH,
  '/app/pages/user/userServiceAgreement',
  REGISTER_PATH,
  FIND_PASSWORD_PATH,
  LIMIT_PATH,
];

export const DIALOG_PATHS: readonly string[] = [
  '/app/pages/index/languageDialog',
  '/app/pages/index/noticeDialog',
  '/app/pages/product/productListDialog',
  '/app/pages/trade/orderDialog',
  '/app/pages/user/setting/dialog/colorPickerDialog',
];

export type NavMode =
  'push' | 'redirect' | 'switchTab' | 'relaunch' | 'back' | 'webview' | 'external';

/** The path without its query or hash. */
export function pathOf(target: string): string {
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

export function isTabPath(target: string): boolean {
  return target.includes('tabbar/');
}

export function isOpenPath(path: string): boolean {
  return OPEN_PATHS.includes(pathOf(path));
}

export function isDialogPath(path: string): boolean {
  return DIALOG_PATHS.includes(pathOf(path));
}

export function loginRedirect(currentPathWithQuery: string): string {
  // Sending the login page back to itself would loop after a successful login.
  if (pathOf(currentPathWithQuery) === LOGIN_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?r=${encodeURIComponent(currentPathWithQuery)}`;
}

/**
 * A return address or launch target we are willing to navigate to: a page of this app. Anything
 * else ("//evil.example", "https:", "javascript:", "/app/pages/../x") could send a user who just
 * typed a password to someone else's page, so it is refused.
 */
export function isSafeAppPath(target: string): boolean {
  if (!target.startsWith(APP_PREFIX)) return false;
  const path = pathOf(target);
  if (/[\\\s]|\/\/|(^|\/)\.\.?(\/|$)/.test(path)) return false;
  return path !== LOGIN_PATH;
}

/**
 * Values read through URLSearchParams are already decoded once; a raw value from an href is not.
 * An app path always starts with "/", so only a value that does not is decoded (once more).
 */
function decodeTarget(value: string): string | undefined {
  if (value.startsWith('/')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** Where to go after login: `r=?` means the current page; anything unsafe or missing is Home. */
export function resolveReturn(r: string | null, current: string): string {
  if (r === null || r === '') return HOME_PATH;
  const target = r === '?' ? current : decodeTarget(r);
  return target !== undefined && isSafeAppPath(target) ? target : HOME_PATH;
}

/**
 * Launch links (SPEC §2): a universal link ".../ulink/redirect.html?url=<target>" or a hash
 * route "#/redirect?url=<target>". Yields the app path to open, or undefined.
 */
export function parseLaunchTarget(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href, 'http://launch.invalid/');
  } catch {
    return undefined;
  }
  let raw: string | null = null;
  if (url.pathname.endsWith('/ulink/redirect.html')) {
    raw = url.searchParams.get('url');
  } else if (/^#\/redirect(\?|$)/.test(url.hash)) {
    const queryStart = url.hash.indexOf('?');
    raw = queryStart === -1 ? null : new URLSearchParams(url.hash.slice(queryStart + 1)).get('url');
  }
  if (raw === null || raw === '') return undefined;
  const target = decodeTarget(raw);
  return target !== undefined && isSafeAppPath(target) ? target : undefined;
}

const isWebUrl = (target: string): boolean => /^https?:\/\//i.test(target);

/**
 * The mode a navigation really uses. Tab pages are reachable only by tab switch (SPEC §2). A web
 * URL cannot be pushed onto the app's router, so it opens externally unless a webview was asked
 * for.
 */
export function navModeFor(target: string, requested: NavMode): NavMode {
  if (requested === 'back') return 'back';
  if (isWebUrl(target)) return requested === 'webview' ? 'webview' : 'external';
  if (isTabPath(target)) return 'switchTab';
  return requested;
}
