import { PATHS } from '@/config/paths';
import { isOpenPath } from '@/lib/nav';

/** Every path that belongs to a page of the app, the entry route "/" included. */
const APP_PATHS: ReadonlySet<string> = new Set(['/', ...Object.values(PATHS)]);

/**
 * SPEC §2, §6: a visitor may see the open pages only. Unknown paths are not guarded: they lead
 * to the not-found page, which helps a visitor more than a login form does.
 */
export function requiresSession(pathname: string): boolean {
  return APP_PATHS.has(pathname) && !isOpenPath(pathname);
}
