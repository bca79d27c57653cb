import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { parseAmount } from '@ampere/contract';
import { parseDataKey } from '../crypto/sealed.js';
import { parseSigningKey } from '../modules/market/chain-signing.js';

function validDataKey(text: string): boolean {
  try {
    parseDataKey(text);
    return true;
  } catch {
    return false;
  }
}

function validSigningKey(text: string): boolean {
  try {
    return parseSigningKey(text).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}

/** A host name or IP literal, with an optional port. */
const HOST_ENTRY = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const usdtAmount = z.string().refine((v) => parseAmount(v, 'usdt').ok, {
  error: 'must be a positive USDT amount with at most 6 decimals',
});

/** The names proxy-addr knows for whole address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyEntry = (entry: string) =>
  PROXY_RANGE_NAMES.has(entry) || ipaddr.isValid(entry) || ipaddr.isValidCIDR(entry);

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: false (the socket's peer is the client), true
 * (every hop: only behind a proxy that overwrites X-Forwarded-For), a number of hops, or the
 * proxies' addresses and ranges.
 */
const trustProxySchema = z
  .string()
  .transform((v, ctx): boolean | number | string[] => {
    const text = v.trim();
    if (text === 'true' || text === 'false') return text === 'true';
    if (/^[0-9]{1,2}$/.test(text)) return Number(text);
    const entries = text
      .split(',')
      .map((e) => e.trim())
      .filter((e) => e !== '');
    if (entries.length === 0 || !entries.every(isProxyEntry)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be true, false, a number of hops, or proxy addresses and CIDR ranges, comma-separated',
      });
      return z.NEVER;
    }
    return entries;
  })
  .default(false);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function hasScheme(value: string, schemes: readonly string[]): boolean {
  try {
    return schemes.includes(new URL(value).protocol.slice(0, -1));
  } catch {
    return false;
  }
}

const urlWithScheme = (schemes: readonly string[]) =>
  z.string().refine((value) => hasScheme(value, schemes), {
    error: `must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}`,
  });

/**
 * Every setting the server reads from its environment, validated once at start. An unset or
 * empty variable takes its default; a bad value stops the start with one clear line per problem.
 */
const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be between 1 and 65535' })
    .max(65535, { error: 'must be between 1 and 65535' })
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithScheme(['postgres', 'postgresql']).optional(),
  /** Connections the server keeps to PostgreSQL (with DATABASE_URL). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
  REDIS_URL: urlWithScheme(['redis', 'rediss']).optional(),
  /**
   * What this deployment's Redis keys and channels start with (`<prefix>rt:` real-time channels,
   * `<prefix>rl:` rate limits). Redis pub/sub is one namespace for every database number, so
   * deployments (or test files running side by side) sharing a Redis each need their own.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, { error: 'letters, digits, ":", "_" or "-" (1–64)' })
    .default('ampere:'),
  /**
   * Which background jobs this node runs: `all`, `none`, or job names (a `-name` leaves one out):
   * `all,-trading.settle` (jobs/selection.ts; names are checked at start).
   */
  JOBS: z
    .string()
    .regex(/^[a-z0-9._, -]{1,512}$/, { error: 'all, none, or comma-separated job names' })
    .default('all'),
  PUBLIC_URL: urlWithScheme(['http', 'https']).optional(),
  /**
   * Hosts the server answers for besides PUBLIC_URL's, comma-separated (`name` for any port,
   * `name:port` for one); unset means this machine's own names and addresses (http/hosts.ts).
   */
  ALLOWED_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim())
        .filter((h) => h !== ''),
    )
    .pipe(
      z
        .array(
          z.string().regex(HOST_ENTRY, {
            error: 'must be host names, as name or name:port, comma-separated',
          }),
        )
        .min(1),
    )
    .optional(),
  /**
   * Which proxies in front of the server to believe about the client's address (X-Forwarded-For):
   * what rate limits, sign-in throttles, address blocks and the audit log see. Unset: none, the
   * connection's peer is the client. Set it to the proxy's address (`127.0.0.1`, `10.0.0.0/8`)
   * when the server sits behind one, or every client looks like the proxy.
   */
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  /** Where the built web app lives; the server serves it at `/` when present. */
  WEB_DIST: z.string().min(1).optional(),
  /** Requests per minute per IP before the server answers "rate limited". */
  RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(1_000_000).default(1200),
  /** New accounts one address may open an hour before it is slowed (at most five times this). */
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Open sockets per client address (phones behind one carrier NAT share an address). */
  WS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Where prices come from: the simulated random walk, or a venue's public trade stream. */
  MARKET_FEED: z
    .enum(['simulated', 'exchange'], { error: 'must be simulated or exchange' })
    .default('simulated'),
  /** The venue's stream base URL (Binance combined-stream format), for MARKET_FEED=exchange. */
  MARKET_FEED_URL: urlWithScheme(['ws', 'wss']).default('wss://stream.binance.com:9443'),
  /** A tick moving more than this (basis points) from the last one is held back as an outlier. */
  MARKET_OUTLIER_BPS: z.coerce.number().int().min(1).max(10_000).default(500),
  /**
   * The simulated feed's history before its first start (docs/market.md): candles for this many
   * days, generated from MARKET_BACKFILL_SEED, for products without any price yet. 0: none.
   * At most 90, the time 1-minute candles are kept.
   */
  MARKET_BACKFILL_DAYS: z.coerce.number().int().min(0).max(90).default(40),
  /** What that history is generated from: the same seed and start minute, the same history. */
  MARKET_BACKFILL_SEED: z.string().min(1).max(200).default('ampere'),
  /** Ticks older than this are pruned (those orders reference are kept); docs/market.md. */
  MARKET_TICK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  /**
   * Whether this process may publish ticks. Every process that may campaigns for the feed's
   * leader lock; exactly one publishes at a time.
   */
  MARKET_FEED_PUBLISH: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * The Ed25519 key chain heads are signed with: a PKCS#8 PEM or the base64 of a 32-byte seed.
   * Unset: one is created in DATA_DIR (chain-signing-key.pem). Every node of a cluster must share
   * it (docs/market.md).
   */
  CHAIN_SIGNING_KEY: z
    .string()
    .refine(validSigningKey, { error: 'must be a PKCS#8 PEM or the base64 of a 32-byte seed' })
    .optional(),
  /**
   * The AES-256 key secrets at rest are sealed with (staff TOTP secrets): the base64 of 32
   * bytes. Unset: one is created in DATA_DIR (data-encryption.key). Every node must share it.
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine(validDataKey, { error: 'must be the base64 of 32 bytes' })
    .optional(),
  /**
   * USDT deposits and payouts on an EVM chain (docs/chain.md). Unset CHAIN_RPC_URL (and
   * CHAIN_DEV_NODE): the chain is not configured and no USDT network is offered.
   */
  CHAIN_RPC_URL: urlWithScheme(['http', 'https']).optional(),
  /** The USDT (ERC-20) contract address. */
  CHAIN_USDT_TOKEN: z.string().regex(EVM_ADDRESS, { error: 'must be a 0x address' }).optional(),
  /** The extended PUBLIC key deposit addresses derive from (children 0/i); never a private key. */
  CHAIN_XPUB: z
    .string()
    .regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,108}$/, { error: 'must be an xpub… key' })
    .optional(),
  /** Confirmations before a deposit is credited (SPEC §9: 3–6). */
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(3).max(6).default(3),
  CHAIN_MIN_DEPOSIT: usdtAmount.default('10'),
  CHAIN_MAX_DEPOSIT: usdtAmount.default('1000000'),
  /** The first block the watcher scans; unset: the chain's head when it first runs. */
  CHAIN_START_BLOCK: z.coerce.number().int().min(0).optional(),
  /** Blocks per eth_getLogs call. */
  CHAIN_SCAN_BLOCKS: z.coerce.number().int().min(1).max(10_000).default(500),
  CHAIN_POLL_MS: z.coerce.number().int().min(200).max(600_000).default(5_000),
  /** The payout signer's private key (0x + 64 hex). Unset: payouts are not configured. */
  CHAIN_PAYOUT_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, { error: 'must be 0x and 64 hex digits' })
    .optional(),
  /**
   * Development only: the URL of the local node `npm run chain:dev` started. Stands for every
   * other CHAIN_ variable with that script's well-known test values (docs/chain.md).
   */
  CHAIN_DEV_NODE: urlWithScheme(['http']).optional(),
  /** How often the ledger is re-checked from scratch (docs/ledger.md). */
  RECONCILE_EVERY_MS: z.coerce.number().int().min(10_000).max(86_400_000).default(600_000),
  /** Uploads (docs/kyc.md): the largest file taken, in bytes (10 MB by default). */
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).max(100_000_000).default(10_000_000),
  /** The largest image, in pixels (width × height), decoded: bigger is a decompression bomb. */
  UPLOAD_MAX_PIXELS: z.coerce.number().int().min(10_000).max(268_402_689).default(40_000_000),
  /** Images one user may upload per rolling hour. */
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  /** What one user's stored uploads may add up to, in bytes (after re-encoding). */
  UPLOAD_QUOTA_BYTES: z.coerce.number().int().min(1024).max(10_000_000_000).default(50_000_000),
  /** How long a signed image address lives, in seconds. */
  UPLOAD_URL_TTL_S: z.coerce.number().int().min(10).max(3600).default(300),
  /** Where uploads are kept: a directory outside the web root (default DATA_DIR/uploads). */
  UPLOAD_DIR: z.string().min(1).optional(),
  /**
   * The operator's time zone as a fixed offset, minutes east of UTC (UTC+8 → 480): where an Earn
   * day starts and ends, so when each day's interest is due (docs/earn.md). No daylight saving.
   */
  OPERATOR_UTC_OFFSET_MINUTES: z.coerce.number().int().min(-840).max(840).default(480),
  /**
   * /metrics (Prometheus text): the Bearer token a scraper must send. With METRICS_ADDRESS too,
   * the internal listener asks for it as well. Neither set: /metrics is off (404).
   */
  METRICS_TOKEN: z.string().min(16, { error: 'at least 16 characters' }).optional(),
  /** `host:port` of an internal listener that serves /metrics only (not through the proxy). */
  METRICS_ADDRESS: z
    .string()
    .regex(/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):[0-9]{1,5}$/, { error: 'must be host:port' })
    .optional(),
  /** On SIGTERM: how long the node may take to drain before it exits anyway (docs/operations.md). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  /**
   * How long a node reuses its copy of the operator settings (ms). Tests use 0, so that a
   * settings read inside a database transaction is caught every time (settings.service.ts).
   */
  SETTINGS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** Tests only (E2E): a file holding milliseconds Earn's clock runs ahead (earn/test-clock.ts). */
  EARN_TEST_CLOCK_FILE: z.string().min(1).optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Rules across variables. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  // The chain is configured whole or not at all (docs/chain.md).
  if (env.CHAIN_RPC_URL !== undefined) {
    if (env.CHAIN_DEV_NODE !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['CHAIN_DEV_NODE'],
        message: 'not with CHAIN_RPC_URL',
      });
    for (const name of ['CHAIN_USDT_TOKEN', 'CHAIN_XPUB'] as const)
      if (env[name] === undefined)
        ctx.addIssue({ code: 'custom', path: [name], message: 'required with CHAIN_RPC_URL' });
  }
  const min = parseAmount(env.CHAIN_MIN_DEPOSIT, 'usdt');
  const max = parseAmount(env.CHAIN_MAX_DEPOSIT, 'usdt');
  if (min.ok && max.ok && min.minor > max.minor)
    ctx.addIssue({
      code: 'custom',
      path: ['CHAIN_MAX_DEPOSIT'],
      message: 'below CHAIN_MIN_DEPOSIT',
    });
});

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment, treating empty strings as unset. Throws EnvError listing every problem. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = checkedEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const value = cleaned[name];
        return `${name}=${value === undefined ? '(unset)' : JSON.stringify(value)}: ${issue.message}`;
      }),
    );
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
