import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Env } from '../config/env.js';
import type { Database, Db } from '../db/client.js';
import type { Job, JobLog } from '../jobs/runner.js';
import type { Lifecycle } from '../lifecycle.js';
import type { Metrics } from '../metrics/metrics.js';
import type { Bus } from './realtime/bus.js';

/** What every module may use: configuration and the shared infrastructure, nothing of a module. */
export interface Platform {
  env: Env;
  database: Database;
  db: Db;
  redis: Redis | undefined;
  /** Real-time messages between nodes (in-process, or Redis with REDIS_URL). */
  bus: Bus;
  /** The clock every rule reads; tests move it forward instead of waiting. */
  now: (() => Date) | undefined;
  /** This process's Prometheus series (metrics/metrics.ts). */
  metrics: Metrics;
  /** Draining on SIGTERM (lifecycle.ts). */
  lifecycle: Lifecycle;
}

/**
 * A server module's manifest: how to make its service from the platform and the services of
 * modules listed before it (`needs`), and what it adds to the app — user routes (under
 * /api/v1), staff routes (under /api/admin/v1), background jobs, and the defaults it seeds. Each
 * part names only the services it uses in its parameter's type; modules/index.ts checks at
 * compile time that the list provides them.
 */
export interface ModuleManifest<Name extends string, Service, Needs, RouteNeeds, JobNeeds> {
  name: Name;
  create(platform: Platform, needs: Needs): Service;
  routes?: (services: RouteNeeds, platform: Platform) => FastifyPluginAsyncZod;
  /** Where `routes` are mounted: the user API prefix (/api/v1) unless given. */
  routesAt?: string;
  staffRoutes?: (services: RouteNeeds, platform: Platform) => FastifyPluginAsyncZod;
  /**
   * A check every user-API request (under /api/v1) passes first, before its body is read or its
   * session looked up: it throws an AppError to refuse (address blocks).
   */
  requestGate?: (
    services: RouteNeeds,
    platform: Platform,
  ) => (req: FastifyRequest) => Promise<void>;
  jobs?: (services: JobNeeds, platform: Platform, log: JobLog) => Job[];
  /** Shipped defaults, applied at every start and by `ops migrate`; never overwrites edits. */
  seed?: (db: Db) => Promise<void>;
}

export function defineModule<
  const Name extends string,
  Service,
  Needs = object,
  RouteNeeds = object,
  JobNeeds = object,
>(
  manifest: ModuleManifest<Name, Service, Needs, RouteNeeds, JobNeeds>,
): ModuleManifest<Name, Service, Needs, RouteNeeds, JobNeeds> {
  return manifest;
}

/** Any manifest, as the loops over the list see it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each manifest types its own needs
export type AnyModule = ModuleManifest<string, unknown, any, any, any>;

/** `{ ledger: LedgerService, … }` for a list of manifests. */
export type ServicesOf<List extends readonly AnyModule[]> = {
  [M in List[number] as M['name']]: ReturnType<M['create']>;
};

type Param<F> = F extends (first: infer P, ...rest: never[]) => unknown ? P : unknown;
type NeedsOfModule<M> = M extends AnyModule
  ? (M['create'] extends (p: Platform, n: infer N) => unknown ? N : unknown) &
      Param<NonNullable<M['routes']>> &
      Param<NonNullable<M['staffRoutes']>> &
      Param<NonNullable<M['requestGate']>> &
      Param<NonNullable<M['jobs']>>
  : never;

/** `true` when the services of the list give every manifest what it names; else the culprits. */
export type Unmet<List extends readonly AnyModule[]> = {
  [K in keyof List]: ServicesOf<List> extends NeedsOfModule<List[K]> ? never : List[K]['name'];
}[number];

/**
 * Makes every module's service in list order. A module whose `create` reads a service listed
 * after it fails here, at start, naming both.
 */
export function createModuleServices<List extends readonly AnyModule[]>(
  list: List,
  platform: Platform,
): ServicesOf<List> {
  const made: Record<string, unknown> = {};
  for (const module of list) {
    const needs = new Proxy(made, {
      get(target, key) {
        if (typeof key === 'string' && !(key in target))
          throw new Error(`module ${module.name} needs ${key}, which is not made before it`);
        return target[key as string];
      },
    });
    made[module.name] = module.create(platform, needs);
  }
  return made as ServicesOf<List>;
}
