import { resolveLocale, type LocaleKey } from '@ampere/contract';
import type { FastifyRequest } from 'fastify';

/**
 * SPEC §7: the client sends its language both as a `language` header and a `lang` query.
 * The header wins, then the query, then the browser's Accept-Language, then the default.
 */
export function requestLocale(req: FastifyRequest, fallback: LocaleKey): LocaleKey {
  const header = req.headers.language;
  const query = (req.query as Record<string, unknown> | undefined)?.lang;
  return (
    resolveLocale(typeof header === 'string' ? header : undefined) ??
    resolveLocale(typeof query === 'string' ? query : undefined) ??
    resolveLocale(req.headers['accept-language']) ??
    fallback
  );
}
