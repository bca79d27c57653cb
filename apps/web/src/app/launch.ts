import { parseLaunchTarget } from '@/lib/nav';
import { captureInviteCode } from '@/lib/storage';

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
