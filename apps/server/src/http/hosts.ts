import { hostname, networkInterfaces } from 'node:os';
import { securityHeaders } from './security-headers.js';

/**
 * Which `Host` this server answers for. Everything the server derives from the request's
 * address — the socket URL in `common/base`, the invite link, the restricted-page link, the CSP's
 * socket origin — must not come from a forged `Host` (issue #23: `Host: evil.example` became the
 * `wss` address). So a request is answered only when its host is:
 * - the host of `PUBLIC_URL`, when set (behind a proxy, where users reach us);
 * - a name in `ALLOWED_HOSTS` (`name` for any port, `name:port` for that port only);
 * - or, by default, this machine's own names: localhost, the loopback addresses, the listening
 *   address, and — when listening on every interface — each interface's address and the host
 *   name, so a phone on the LAN at http://192.168.1.20:8080 works out of the box.
 * Any other host is refused (HOST_NOT_ALLOWED, 421), which also defeats DNS rebinding.
 */
export interface HostPolicy {
  allowed(host: string): boolean;
  /** The security headers for a request to `host` (an allowed one). */
  headers(host: string): Readonly<Record<string, string>>;
}

const ALL_INTERFACES = new Set(['0.0.0.0', '::', '[::]']);

/** `Example.com:8080` → `example.com`; `[::1]:80` → `[::1]`. */
export function hostName(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  const colon = lower.indexOf(':');
  return colon === -1 ? lower : lower.slice(0, colon);
}

const bracketed = (address: string) => (address.includes(':') ? `[${address}]` : address);

function machineNames(listenHost: string): string[] {
  const names = ['localhost', '127.0.0.1', '[::1]'];
  if (!ALL_INTERFACES.has(listenHost)) return [...names, bracketed(listenHost.toLowerCase())];
  const addresses = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((i) => bracketed(i.address.replace(/%.*$/, '').toLowerCase()));
  return [...names, ...addresses, hostname().toLowerCase()];
}

/** Header sets kept per host; past this many distinct hosts they are built per request. */
const HEADER_CACHE_MAX = 64;

export function createHostPolicy(opts: {
  publicUrl: string | undefined;
  /** ALLOWED_HOSTS, already split. */
  allowedHosts: readonly string[] | undefined;
  listenHost: string;
}): HostPolicy {
  const names = new Set<string>();
  const exact = new Set<string>();
  const add = (entry: string) => {
    const lower = entry.trim().toLowerCase();
    if (lower === '') return;
    if (hostName(lower) === lower) names.add(lower);
    else exact.add(lower);
  };
  if (opts.publicUrl) add(new URL(opts.publicUrl).host);
  for (const entry of opts.allowedHosts ?? machineNames(opts.listenHost)) add(entry);

  // With PUBLIC_URL the page and its socket live there, whatever the Host of this request.
  const fixed = opts.publicUrl
    ? securityHeaders(socketOrigins(new URL(opts.publicUrl).host))
    : undefined;
  const byHost = new Map<string, Readonly<Record<string, string>>>();

  return {
    allowed(host) {
      const lower = host.toLowerCase();
      return exact.has(lower) || names.has(hostName(lower));
    },
    headers(host) {
      if (fixed) return fixed;
      let headers = byHost.get(host);
      if (!headers) {
        headers = securityHeaders(socketOrigins(host));
        if (byHost.size < HEADER_CACHE_MAX) byHost.set(host, headers);
      }
      return headers;
    },
  };
}

/** Where the page may open its socket: the same host, over ws or wss. */
function socketOrigins(host: string): string {
  return `ws://${host} wss://${host}`;
}
