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

/**
 * The headers above that govern only a document (or a worker): what its page may load, frame and
 * open, and how it is framed. A hashed script or style sheet of the build is never either —
 * loaded by our page, or shown as text when opened (`nosniff`, its own content type) — so these
 * are not repeated on each of them (static.ts): over HTTP/1.1, which compresses no headers, they
 * were ≈ 650 of the ≈ 1,100 bytes each of the first page's ≈ 20 files paid before any content
 * (issue #20). The rest — `nosniff`, the resource policy, HSTS, the request id — stay.
 */
export const DOCUMENT_ONLY_HEADERS: readonly string[] = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The set for the API's answers (`/api/…`): JSON, or a file that its route labels with a policy of
 * its own — never one of our pages, so there is no script, style or socket to allow. Only what an
 * API needs (OWASP's REST cheat sheet): a policy under which nothing loads in it, no framing by
 * another site, no sniffing, the resource policy and HSTS. ≈ 500 bytes fewer than the page's set
 * on every answer, each of which a phone downloads over HTTP/1.1 (issue #20: a signed-in launch
 * at Home makes four of them before its first screen).
 */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
});
