/**
 * Security headers for every response, computed once per host (http/hosts.ts). (helmet builds
 * the same set, but its Fastify plugin re-derives them on every request, which showed up in the
 * config benchmark.)
 */
function csp(socketOrigins: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    // antd-mobile positions popups with inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // Our own origin and our own socket only: no script of ours can send data elsewhere.
    `connect-src 'self' ${socketOrigins}`,
    // The webview page (SPEC §2) embeds operator-chosen pages.
    'frame-src https: http:',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** `socketOrigins`: the origins the page's socket may connect to, e.g. `ws://host wss://host`. */
export function securityHeaders(socketOrigins: string): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': csp(socketOrigins),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    // Ignored by browsers over plain http; in force once PUBLIC_URL is https.
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}
