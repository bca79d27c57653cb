import type { Permission } from '@ampere/contract/admin';
import type { AdminRoute } from './routes';

/**
 * The routes a member's permissions open, in table order. What is left out is neither in the
 * menu nor routed (its address shows the 404 page): the server refuses its calls anyway, this
 * only spares the member pages they cannot use.
 */
export function allowedRoutes<R extends Pick<AdminRoute, 'permission'>>(
  routes: readonly R[],
  permissions: readonly Permission[],
): R[] {
  return routes.filter(
    (route) => route.permission === null || permissions.includes(route.permission),
  );
}

/** Where a member lands: the first page they may open (the dashboard, for every role today). */
export function homePath(
  routes: readonly Pick<AdminRoute, 'path' | 'hideInMenu'>[],
): string | undefined {
  return routes.find((route) => route.hideInMenu !== true)?.path ?? routes[0]?.path;
}
