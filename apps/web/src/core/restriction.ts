import { PATHS } from '@/config/paths';
import { navigateNow } from './navigation';

/**
 * Where a restricted user is sent, and what they may still open (SPEC §4, docs/content.md
 * Access restriction): the restricted page and customer service, whose "contact customer
 * service" must work for exactly these users.
 */
const OPEN_WHEN_RESTRICTED: readonly string[] = [PATHS.limit, PATHS.onlineService, PATHS.webview];

export function isOpenWhenRestricted(pathname: string): boolean {
  return OPEN_WHEN_RESTRICTED.includes(pathname);
}

/** The hash route the app is on, e.g. "/app/pages/common/limitPage". */
function currentRoute(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

/**
 * Sends the user to `url` (config `Black_run`): the app's own restricted page by its route, so
 * nothing reloads; any other web address by leaving for it. Anything but http(s) is ignored, so
 * a bad setting cannot run script. Nothing happens while the user is on a page open to them.
 */
export function sendTo(url: string): void {
  if (!/^https?:\/\//i.test(url) || isOpenWhenRestricted(currentRoute().split('?')[0] ?? '')) {
    return;
  }
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return;
  }
  const here = window.location;
  const ownPage =
    target.origin === here.origin &&
    target.pathname === here.pathname &&
    target.hash.startsWith('#/');
  if (ownPage) navigateNow(target.hash.slice(1));
  else window.location.assign(url);
}
