import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openPreparedDatabase } from '../bootstrap.js';
import { loadEnv, type Env } from '../config/env.js';
import { queryRows } from '../db/client.js';
import { isLockHeld } from '../db/lock.js';
import { OpsInputError, type AdjustmentRequest } from '../modules/ops/ops.service.js';
import { OPS_SOCKET, OPS_TOKEN, OPS_TOKEN_HEADER } from '../ops/channel.js';
import { backupDataDir, restoreDataDir } from './backup.js';
import { createMarketService } from '../modules/market/market.service.js';
import { MAX_DEMO_PRODUCTS } from '../modules/market/products.seed.js';
import { createPlatform, createServices } from '../services.js';

const USAGE = `Usage: npm run ops -- <command>

Commands:
  credit <username> <amount> <money|usdt> --reason "…"   credit a user from house equity (audited)
  debit  <username> <amount> <money|usdt> --reason "…"   debit a user back to house equity (audited)
  reconcile        re-check the whole ledger; exits 1 on any drift
  staff:create <name> --role <role>
                   add a member of staff (owner, finance, compliance, support, risk, auditor)
                   and print their one-time password; the first owner is made this way
  audit:verify     re-compute the audit log's hash chain and compare it with the last recorded
                   head; exits 1 if broken (also: audit-verify)
  migrate          apply pending migrations and seed defaults
  backup <file>    embedded database only, server stopped: write DATA_DIR's database to <file>
                   (a gzipped tarball); on PostgreSQL use pg_dump or PITR (docs/operations.md)
  restore <file> [--force]
                   embedded database only, server stopped: restore DATA_DIR's database from a
                   backup; --force keeps an existing database aside (pgdata.before-restore-…)
  products:demo <count>
                   add the demonstration products DEMO01/USD … (at most 99) to the catalogue
                   that are missing; the simulated feed ticks them like any other product
                   (for load and frame-rate measurements: bench/markets-fps.ts). On the
                   embedded database with the server stopped
  status           show which database and market feed are configured, and the migration state
  help             show this text

It reads the same DATA_DIR / DATABASE_URL as the server. On the embedded database it talks to
the running server through DATA_DIR/ops.sock, or opens the data directory itself when no server
runs.`;

/** What the commands need, whichever way the database is reached. */
interface Backend {
  adjust(req: AdjustmentRequest): Promise<unknown>;
  reconcile(): Promise<{ ok: boolean }>;
  verifyAudit(): Promise<{ ok: boolean }>;
  createStaff(req: { username: string; role: string; actor: string }): Promise<unknown>;
  close(): Promise<void>;
}

function channelRequest(
  env: Env,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<unknown> {
  const token = fs.readFileSync(path.join(env.DATA_DIR, OPS_TOKEN), 'utf8');
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath: path.join(env.DATA_DIR, OPS_SOCKET),
        path: route,
        method,
        headers: {
          [OPS_TOKEN_HEADER]: token,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        timeout: 60_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const parsed: unknown = text ? JSON.parse(text) : null;
          if (res.statusCode === 200) resolve(parsed);
          else
            reject(
              new OpsInputError(
                (parsed as { error?: string } | null)?.error ?? `server answered ${res.statusCode}`,
              ),
            );
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('the server did not answer in 60 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

function viaServer(env: Env): Backend {
  return {
    adjust: (req) => channelRequest(env, 'POST', '/adjust', req),
    reconcile: async () => (await channelRequest(env, 'GET', '/reconcile')) as { ok: boolean },
    verifyAudit: async () => (await channelRequest(env, 'GET', '/audit-verify')) as { ok: boolean },
    createStaff: (req) => channelRequest(env, 'POST', '/staff', req),
    close: async () => undefined,
  };
}

async function direct(env: Env): Promise<Backend> {
  const database = await openPreparedDatabase(env);
  // The same services a server makes (MODULES), on the directory or server this CLI opened.
  const platform = createPlatform({ env, database });
  const { ops } = createServices(platform);
  return {
    adjust: (req) => ops.adjust(req),
    reconcile: () => ops.reconcile(),
    verifyAudit: () => ops.verifyAudit(),
    createStaff: (req) => ops.createStaff(req),
    close: async () => {
      await platform.bus.close();
      await database.close();
    },
  };
}

async function backend(env: Env): Promise<Backend> {
  const serverRuns =
    !env.DATABASE_URL &&
    isLockHeld(env.DATA_DIR) &&
    fs.existsSync(path.join(env.DATA_DIR, OPS_SOCKET));
  return serverRuns ? viaServer(env) : direct(env);
}

const print = (value: unknown) => {
  console.log(JSON.stringify(value, null, 2));
};

async function adjust(direction: 'credit' | 'debit', args: string[], reason: string | undefined) {
  const [username, amount, currency] = args;
  if (!username || !amount || (currency !== 'money' && currency !== 'usdt')) {
    throw new OpsInputError(`usage: ${direction} <username> <amount> <money|usdt> --reason "…"`);
  }
  if (!reason) throw new OpsInputError('--reason "…" is required: every adjustment is audited');
  const b = await backend(loadEnv());
  try {
    print(
      await b.adjust({
        direction,
        username,
        amount,
        currency,
        reason,
        actor: `ops:${os.userInfo().username}`,
      }),
    );
  } finally {
    await b.close();
  }
}

async function check(kind: 'reconcile' | 'audit-verify') {
  const b = await backend(loadEnv());
  try {
    const report = kind === 'reconcile' ? await b.reconcile() : await b.verifyAudit();
    print(report);
    if (!report.ok) process.exitCode = 1;
  } finally {
    await b.close();
  }
}

async function createStaff(args: string[], role: string | undefined) {
  const [username] = args;
  if (!username || !role) throw new OpsInputError('usage: staff:create <name> --role <role>');
  const b = await backend(loadEnv());
  try {
    print(await b.createStaff({ username, role, actor: `ops:${os.userInfo().username}` }));
    console.error('The one-time password is shown once: give it to the member in person.');
  } finally {
    await b.close();
  }
}

async function status() {
  const env = loadEnv();
  if (!env.DATABASE_URL && isLockHeld(env.DATA_DIR)) {
    print({
      database: 'pglite',
      location: env.DATA_DIR,
      server: 'running',
      marketFeed: env.MARKET_FEED,
    });
    return;
  }
  const database = await openPreparedDatabase(env);
  try {
    const [applied] = await queryRows<{ n: string }>(
      database.db,
      sql`select count(*)::text as n from drizzle.__drizzle_migrations`,
    );
    print({
      database: database.kind,
      location: env.DATABASE_URL ? new URL(env.DATABASE_URL).host : env.DATA_DIR,
      migrationsApplied: Number(applied?.n ?? 0),
      // The feed a server started with this environment runs (docs/market.md, Feeds).
      marketFeed: env.MARKET_FEED,
    });
  } finally {
    await database.close();
  }
}

/**
 * Demonstration products (products.seed.ts `demoProducts`), inserted through the seed's path.
 * The running embedded server holds its database, so there it waits for the server to stop; a
 * server on PostgreSQL takes them from its feed's next round.
 */
async function addDemoProducts(countArg: string | undefined) {
  const count = Number(countArg);
  if (!countArg || !Number.isInteger(count) || count < 1 || count > MAX_DEMO_PRODUCTS)
    throw new OpsInputError(`usage: products:demo <count>, 1–${MAX_DEMO_PRODUCTS}`);
  const env = loadEnv();
  if (!env.DATABASE_URL && isLockHeld(env.DATA_DIR))
    throw new OpsInputError(`the server is running on ${env.DATA_DIR}: stop it first`);
  const database = await openPreparedDatabase(env);
  try {
    const symbols = await createMarketService({ db: database.db }).addDemoProducts(count);
    print({ demoProducts: symbols.length, first: symbols[0], last: symbols.at(-1) });
  } finally {
    await database.close();
  }
}

async function migrate() {
  const database = await openPreparedDatabase(loadEnv());
  await database.close();
  console.log(`migrations applied (${database.kind})`);
}

/** Backup and restore of the embedded database (cli/backup.ts); PostgreSQL has its own tools. */
async function backupOrRestore(
  command: 'backup' | 'restore',
  file: string | undefined,
  force: boolean,
) {
  const env = loadEnv();
  if (env.DATABASE_URL)
    throw new OpsInputError(
      `${command} is for the embedded database: with DATABASE_URL use pg_dump/pg_restore or PITR (docs/operations.md)`,
    );
  if (!file) throw new OpsInputError(`usage: ${command} <file>`);
  if (isLockHeld(env.DATA_DIR))
    throw new OpsInputError(`the server is running on ${env.DATA_DIR}: stop it first`);
  const target = path.resolve(file);
  if (command === 'backup')
    print({ backup: target, ...(await backupDataDir(env.DATA_DIR, target)) });
  else
    print({
      restored: env.DATA_DIR,
      from: target,
      ...(await restoreDataDir(env.DATA_DIR, target, { force })),
    });
}

async function run(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      reason: { type: 'string' },
      role: { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  const [command, ...rest] = positionals;
  switch (command) {
    case 'credit':
    case 'debit':
      return adjust(command, rest, values.reason);
    case 'reconcile':
    case 'audit-verify':
      return check(command);
    case 'audit:verify':
      return check('audit-verify');
    case 'staff:create':
      return createStaff(rest, values.role);
    case 'migrate':
      return migrate();
    case 'status':
      return status();
    case 'products:demo':
      return addDemoProducts(rest[0]);
    case 'backup':
    case 'restore':
      return backupOrRestore(command, rest[0], values.force);
    case undefined:
    case 'help':
      console.log(USAGE);
      return;
    default:
      console.error(`Unknown command "${command}".\n\n${USAGE}`);
      process.exitCode = 2;
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`ops: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
