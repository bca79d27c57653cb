import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, waitUntilReady } from '../support/server.js';

export { freePort };

/**
 * The cluster harness (issue #19): the machine's PostgreSQL and Redis, N built server nodes
 * (`node apps/server/dist/main.js`, as `npm start` runs it) on one database, and Debian's nginx
 * balancing HTTP and WebSocket across them round-robin — no sticky sessions.
 */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVER_ENTRY = path.join(ROOT, 'apps', 'server', 'dist', 'main.js');
const OPS_ENTRY = path.join(ROOT, 'apps', 'server', 'dist', 'ops.js');
const PG_ADMIN = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * The data key every node of the run shares (docs/operations: one DATA_ENCRYPTION_KEY per
 * cluster): a TOTP secret sealed by the node that enrolled it is opened by whichever node
 * checks the code.
 */
const DATA_ENCRYPTION_KEY = randomBytes(32).toString('base64');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database of its own on the machine's PostgreSQL, dropped at the end. */
export async function createClusterDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ampere_cluster_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

export interface ClusterNode {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  /** Everything the node wrote to stdout and stderr. */
  log(): string;
  /** SIGTERM, and wait for the exit; resolves the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface NodeOptions {
  name: string;
  databaseUrl: string;
  redisPrefix: string;
  /** `JOBS` for this node (default `all`). */
  jobs?: string;
  port?: number;
  env?: Record<string, string>;
}

/** One built server node; resolves when its /readyz answers 200. */
export async function startNode(opts: NodeOptions): Promise<ClusterNode> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('Build the server first: npm run build');
  const port = opts.port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ampere-cluster-${opts.name}-`));
  let output = '';
  const child = spawn(process.execPath, ['--single-threaded-gc', SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl,
      DATA_ENCRYPTION_KEY,
      REDIS_URL,
      REDIS_PREFIX: opts.redisPrefix,
      LOG_LEVEL: 'warn',
      MARKET_FEED: 'simulated',
      MARKET_FEED_PUBLISH: 'true',
      REGISTRATIONS_PER_HOUR: '100000',
      TRUST_PROXY: 'loopback',
      JOBS: opts.jobs ?? 'all',
      CHAIN_RPC_URL: '',
      CHAIN_DEV_NODE: '',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(url, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`node ${opts.name}: ${String(error)}\n${output}`, { cause: error });
  }
  return {
    name: opts.name,
    port,
    url,
    process: child,
    log: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export interface Proxy {
  url: string;
  port: number;
  /** Points the upstream at these ports and reloads nginx (no dropped connections). */
  setUpstreams(ports: readonly number[]): Promise<void>;
  stop(): Promise<void>;
}

export function nginxPath(): string {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(p)) return p;
  throw new Error('nginx is not installed: apt-get install -y nginx');
}

/** The deployment's nginx configuration: the one compose.yaml runs (docs/operations.md). */
export const DEPLOY_NGINX_CONF = path.join(ROOT, 'deploy', 'nginx.conf');

/**
 * The config the cluster runs nginx with: deploy/nginx.conf itself, with only what differs on
 * this machine substituted — the upstream servers, the listen address, the pid, log and temp
 * paths — and one test-only header naming the node that answered. Each substitution must match
 * exactly once, so a change to the deployment's file that moves one fails here, loudly.
 */
export function renderNginxConf(opts: {
  prefix: string;
  port: number;
  upstreams: readonly number[];
}) {
  let conf = fs.readFileSync(DEPLOY_NGINX_CONF, 'utf8');
  const sub = (pattern: RegExp, replacement: string) => {
    const found = conf.match(new RegExp(pattern.source, 'gm'))?.length ?? 0;
    if (found !== 1)
      throw new Error(`deploy/nginx.conf: expected ${String(pattern)} once, found ${found}`);
    conf = conf.replace(new RegExp(pattern.source, 'm'), replacement);
  };
  sub(/^pid \S+;$/, `pid ${opts.prefix}/nginx.pid;`);
  sub(/^error_log \S+ warn;$/, `error_log ${opts.prefix}/error.log warn;`);
  for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    sub(
      new RegExp(`^(\\s*)${kind}_temp_path \\S+;$`),
      `$1${kind}_temp_path ${opts.prefix}/tmp/${kind};`,
    );
  sub(/^worker_processes \S+;$/, 'worker_processes 1;');
  // The upstream's server lines, whatever their number, become this cluster's nodes.
  const servers = conf.match(/^\s*server ampere-\d+:\d+ (.*);$/gm) ?? [];
  if (servers.length === 0) throw new Error('deploy/nginx.conf: no upstream server lines');
  const params = /^\s*server \S+ (.*);$/.exec(servers[0] ?? '')?.[1] ?? '';
  conf = conf.replace(
    /^(\s*)server ampere-\d+:\d+ .*;\n(?:\s*server ampere-\d+:\d+ .*;\n)*/m,
    (_all, indent: string) =>
      opts.upstreams.map((p) => `${indent}server 127.0.0.1:${p} ${params};\n`).join(''),
  );
  sub(
    /^(\s*)listen \d+;$/,
    [
      `$1listen 127.0.0.1:${opts.port};`,
      // The tests only: which node answered (never in a deployment: it names internal addresses).
      '$1add_header X-Upstream $upstream_addr always;',
    ].join('\n'),
  );
  return conf;
}

/** Debian's nginx in front of the given node ports. */
export async function startProxy(upstreams: readonly number[]): Promise<Proxy> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-nginx-'));
  for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(prefix, 'tmp', d), { recursive: true });
  // nginx's workers drop to an unprivileged user when started as root: let them in.
  spawnSync('chmod', ['-R', 'a+rwX', prefix]);
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  const write = (ports: readonly number[]) => {
    fs.writeFileSync(conf, renderNginxConf({ prefix, port, upstreams: ports }));
  };
  write(upstreams);
  const args = ['-p', prefix, '-c', conf, '-g', 'daemon off;'];
  const check = spawnSync(nginxPath(), ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child = spawn(nginxPath(), args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (i > 100) throw new Error('nginx did not start');
      await sleep(100);
    }
  }
  return {
    url,
    port,
    async setUpstreams(ports) {
      write(ports);
      child.kill('SIGHUP');
      await sleep(300);
    },
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** The operator CLI as shipped (`dist/ops.js`), on the cluster's database. */
export function ops(databaseUrl: string, args: readonly string[]): string {
  const r = spawnSync(process.execPath, [OPS_ENTRY, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_ENCRYPTION_KEY, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`ops ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}
