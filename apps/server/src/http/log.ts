import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry secrets: the socket's session token (`/api/v1/ws?token=…`; a
 * browser cannot set headers on a WebSocket) and any password a client might put in a URL.
 */
const SECRET_QUERY =
  /([?&](?:token|access_token|password|mpassword|oldpassword|repassword)=)[^&#]*/gi;

/** The URL with every secret query value replaced, for logs. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * What a request log line says of the request: Fastify's default fields, the URL redacted.
 * Headers with secrets (Authorization, Cookie) are not logged at all.
 */
export const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket.remotePort,
    };
  },
};
