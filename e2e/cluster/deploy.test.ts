import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { nginxPath, renderNginxConf, ROOT } from './harness.js';

/**
 * deploy/ (docs/operations.md): what can be checked on a machine that cannot pull images. The
 * Dockerfile and compose.yaml are not run here; their references, the start command and the
 * nginx configuration are.
 */
const DEPLOY = path.join(ROOT, 'deploy');
const read = (file: string) => fs.readFileSync(path.join(DEPLOY, file), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  volumes?: string[];
  env_file?: string;
  environment?: Record<string, string>;
  read_only?: boolean;
  tmpfs?: string[];
}

/** Files the operator makes (secrets): never in the repository, each with its example. */
const OPERATOR_FILES: Record<string, string | undefined> = {
  '.env': '.env.example',
  'metrics-token': undefined,
};

describe('deploy/', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, Service>;
  };
  const services = compose.services;

  it('compose.yaml: postgres, redis, two nodes, nginx, prometheus — every one read-only', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['ampere-1', 'ampere-2', 'nginx', 'postgres', 'prometheus', 'redis'].sort(),
    );
    for (const [name, service] of Object.entries(services))
      expect(service.read_only, name).toBe(true);
    for (const name of ['ampere-1', 'ampere-2', 'nginx', 'postgres'])
      expect(services[name]?.tmpfs, name).toContain('/tmp');
  });

  it('compose.yaml: every file it names exists (secrets: git-ignored, with an example)', () => {
    const gitignore = fs.readFileSync(path.join(ROOT, '.gitignore'), 'utf8');
    const local: string[] = [];
    for (const service of Object.values(services)) {
      if (service.build) {
        const context = path.resolve(DEPLOY, service.build.context);
        expect(context).toBe(ROOT);
        local.push(path.relative(DEPLOY, path.join(context, service.build.dockerfile)));
      }
      if (service.env_file) local.push(service.env_file);
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0] ?? '';
        if (source.startsWith('./') || source.startsWith('../')) local.push(source);
      }
    }
    expect(local.length).toBeGreaterThan(3);
    for (const file of new Set(local)) {
      const name = path.normalize(file);
      if (name in OPERATOR_FILES) {
        expect(gitignore, name).toContain(`deploy/${name}`);
        const example = OPERATOR_FILES[name];
        if (example) expect(fs.existsSync(path.join(DEPLOY, example)), example).toBe(true);
      } else expect(fs.existsSync(path.join(DEPLOY, name)), name).toBe(true);
    }
  });

  it('compose.yaml: each node’s JOBS names real jobs, and one node runs them all', () => {
    const jobs = Object.entries(services)
      .filter(([name]) => name.startsWith('ampere-'))
      .map(([, s]) => s.environment?.JOBS ?? '');
    expect(jobs).toContain('all');
    const known = fs
      .readdirSync(path.join(ROOT, 'apps/server/src/modules'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) =>
        [
          ...fs
            .readFileSync(path.join(ROOT, 'apps/server/src/modules', f), 'utf8')
            .matchAll(/name: '([a-z]+\.[a-z.-]+)',\n\s+mode:/g),
        ].map((m) => m[1]),
      );
    expect(known).toContain('trading.settle');
    for (const list of jobs)
      for (const name of list.split(',').map((n) => n.replace(/^-/, '')))
        if (name !== 'all' && name !== 'none') expect(known, name).toContain(name);
  });

  it('Dockerfile: node:20-bookworm-slim, npm ci, non-root, a health check, and the start command of package.json', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^FROM node:20-bookworm-slim AS build$/m);
    expect(dockerfile).toMatch(/^FROM node:20-bookworm-slim AS runtime$/m);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\\\n\s+CMD .*\/healthz/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    // The image starts the server as `npm start -w @ampere/server` would.
    const pkg = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'apps/server/package.json'), 'utf8'),
    ) as {
      scripts: { start: string };
    };
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect((JSON.parse(cmd ?? '[]') as string[]).join(' ')).toBe(pkg.scripts.start);
    const workdirs = [...dockerfile.matchAll(/^WORKDIR (\S+)$/gm)].map((m) => m[1]);
    expect(workdirs.at(-1)).toBe('/app/apps/server');
    // Every file the runtime stage copies from the build is one the build makes or has.
    for (const [, from] of dockerfile.matchAll(/^COPY --from=build \/src\/(\S+) /gm))
      expect(
        ['package.json', 'node_modules'].includes(from ?? '') || from?.startsWith('apps/'),
        from,
      ).toBe(true);
    expect(fs.existsSync(path.join(ROOT, 'apps/server/drizzle/meta/_journal.json'))).toBe(true);
    // The manifests copied before `npm ci` are every workspace's.
    const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    const manifests = root.workspaces.flatMap((w) =>
      w.endsWith('/*')
        ? fs
            .readdirSync(path.join(ROOT, w.slice(0, -2)))
            .map((d) => `${w.slice(0, -2)}/${d}/package.json`)
            .filter((f) => fs.existsSync(path.join(ROOT, f)))
        : [`${w}/package.json`],
    );
    for (const manifest of manifests) expect(dockerfile, manifest).toContain(`COPY ${manifest} `);
  });

  it('prometheus.yml scrapes both nodes’ internal metrics listener with the token', () => {
    const prometheus = parse(read('prometheus.yml')) as {
      scrape_configs: {
        job_name: string;
        authorization?: { credentials_file: string };
        static_configs: { targets: string[] }[];
      }[];
    };
    const ampere = prometheus.scrape_configs.find((c) => c.job_name === 'ampere');
    const port = services['ampere-1']?.environment?.METRICS_ADDRESS?.split(':')[1];
    expect(ampere?.static_configs[0]?.targets).toEqual([`ampere-1:${port}`, `ampere-2:${port}`]);
    expect(ampere?.authorization?.credentials_file).toBe('/etc/prometheus/metrics-token');
  });

  it('nginx.conf: `nginx -t` passes on the file as deployed and as the cluster test renders it', () => {
    const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-nginx-t-'));
    try {
      for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
        fs.mkdirSync(path.join(prefix, 'tmp', d), { recursive: true });
      spawnSync('chmod', ['-R', 'a+rwX', prefix]);
      const conf = path.join(prefix, 'nginx.conf');
      fs.writeFileSync(conf, renderNginxConf({ prefix, port: 18080, upstreams: [18081, 18082] }));
      const rendered = spawnSync(
        nginxPath(),
        ['-t', '-p', prefix, '-c', conf, '-g', 'daemon off;'],
        {
          encoding: 'utf8',
        },
      );
      expect(rendered.status, rendered.stderr).toBe(0);
      const text = fs.readFileSync(conf, 'utf8');
      expect(text).toContain('proxy_set_header Upgrade $http_upgrade;');
      // No sticky sessions: no hashing of the client onto one node.
      expect(text.replace(/#.*$/gm, '')).not.toMatch(/\b(ip_hash|hash|sticky)\b/);

      // As deployed: the upstream names resolve only on compose's network, so they are pointed
      // at this machine; nothing else changes (pid and temp paths are under /tmp already).
      const deployed = path.join(prefix, 'deployed.conf');
      fs.writeFileSync(
        deployed,
        read('nginx.conf')
          .replace(/server ampere-\d+:/g, 'server 127.0.0.1:')
          .replace('pid /tmp/nginx.pid;', `pid ${prefix}/deployed.pid;`),
      );
      const asIs = spawnSync(
        nginxPath(),
        ['-t', '-p', prefix, '-c', deployed, '-g', 'daemon off;'],
        {
          encoding: 'utf8',
        },
      );
      expect(asIs.status, asIs.stderr).toBe(0);
    } finally {
      fs.rmSync(prefix, { recursive: true, force: true });
    }
  });
});
