import { parseLaunchTarget, pathOf } from '@/lib/nav';
import { captureInviteCode } from '@/lib/storage';
import { PATHS } from '@/config/paths';
import { requiresSession } from './access';

const UNIVERSAL_LINK = 'ulink/redirect.html';

/**
 * Work done once, on the address the app was opened with (SPEC §2, §3):
 * - an invite code `i` is kept, whether it sits in the real query (`/?i=X#/…`) or in the hash
 *   route's query (`#/app/pages/user/register?i=X`);
 * - a universal link `…/ulink/redirect.html?url=<page>` becomes the app's own address with that
 *   page as its hash route. (The hash form `#/redirect?url=…` is a route; AppRoutes handles it.)
 */
export function handleLaunchUrl(location: Location, history: History): void {
  captureInviteCode(location.search);
  captureInviteCode(location.hash);
  if (!location.pathname.endsWith(UNIVERSAL_LINK)) return;
  const appRoot = location.pathname.slice(0, -UNIVERSAL_LINK.length);
  const target = parseLaunchTarget(location.href) ?? '/';
  history.replaceState(null, '', `${appRoot}#${target}`);
}

/**
 * A visitor without a session who opens a guarded page (Home included) lands on Log in. Its chunk
 * and what it imports are fetched now, beside the launch config and the messages, instead of
 * after them: on a slow network that wave of requests is most of the time to the first page
 * (BRIEF §9, LCP). Returns whether it started the load.
 */
export function preloadLandingPage(
  location: Location,
  isLogin: boolean,
  loadLoginPage: () => Promise<unknown>,
): boolean {
  const route = pathOf(location.hash.replace(/^#/, '')) || '/';
  if (isLogin || !requiresSession(route)) return false;
  loadLoginPage().catch(() => undefined); // a failure shows when the page renders
  return true;
}

/**
 * A signed-in user who opens Home (issue #20): its lazy parts (banners and balances, the
 * announcements, the market rows) are fetched now, beside the launch config and the messages,
 * instead of once Home first renders after them. Returns whether it started the load.
 */
export function preloadHomeParts(
  location: Location,
  isLogin: boolean,
  loadHomeParts: () => Promise<unknown>,
): boolean {
  const route = pathOf(location.hash.replace(/^#/, '')) || '/';
  if (!isLogin || (route !== '/' && route !== PATHS.home)) return false;
  loadHomeParts().catch(() => undefined); // a failure shows when the page renders
  return true;
}
