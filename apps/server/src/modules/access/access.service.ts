import { isWebUrl } from '@ampere/contract';
import {
  ACCESS_LIMITS,
  type AccessSettings,
  type AddressBlock,
  type AddressBlockChange,
  type AddressBlockList,
  type AddressBlockQuery,
} from '@ampere/contract/admin';
import ipaddr from 'ipaddr.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { CommonService } from '../common/common.service.js';
import type { Bus } from '../realtime/bus.js';
import type { SettingsService } from '../settings/settings.service.js';
import { createAccessRepository, type AddressBlockRow } from './access.repository.js';
import { BlockSet, clientAddress, parseRange, type BlockEntry } from './cidr.js';

/**
 * How long a node reuses its copy of the blocks: every user request is checked against it, and
 * blocks change rarely. The node that made a change drops its copy at once, and with Redis every
 * node hears of it on the bus at once; without Redis, other nodes see it within this time.
 */
export const ACCESS_CACHE_MS = 2_000;
export const ACCESS_CHANNEL = 'access.changed';

const BITS = { 4: 32, 6: 128 } as const;

function view(row: AddressBlockRow, at: Date): AddressBlock {
  const [network, prefix] = ipaddr.parseCIDR(row.cidr);
  const bits = network.kind() === 'ipv4' ? BITS[4] : BITS[6];
  const state =
    row.removedAt !== null
      ? 'removed'
      : row.expiresAt !== null && row.expiresAt <= at
        ? 'expired'
        : 'active';
  return {
    id: row.id.toString(),
    cidr: row.cidr,
    family: network.kind(),
    size: (1n << BigInt(bits - prefix)).toString(),
    note: row.note,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    state,
    removedAt: row.removedAt?.toISOString() ?? null,
    removedBy: row.removedBy,
  };
}

function entryOf(row: AddressBlockRow) {
  return {
    range: parseRange(row.cidr),
    entry: { id: row.id, expiresAtMs: row.expiresAt?.getTime() ?? null } satisfies BlockEntry,
  };
}

export interface AccessDeps {
  db: Db;
  audit: AuditService;
  settings: SettingsService;
  common: CommonService;
  bus: Bus;
  /** The business clock: when a block expires. */
  now: () => Date;
  /** The cache's clock (wall time). */
  cacheNow?: () => number;
}

/**
 * Access restriction (docs/content.md): the address ranges the operator blocked from the user
 * API, matched on every request from a per-node copy; and where restricted users are sent
 * (`Black_run`). Every change is audited in its own transaction.
 */
export function createAccessService(deps: AccessDeps) {
  const { db, audit, settings, common, bus, now } = deps;
  const cacheNow = deps.cacheNow ?? Date.now;
  const repo = (tx: Db = db) => createAccessRepository(tx);

  let cached: { at: number; blocks: BlockSet } | undefined;
  let loading: Promise<BlockSet> | undefined;
  let generation = 0;

  async function load(): Promise<BlockSet> {
    // Stamped before reading: a copy is never older than its stamp says.
    const at = cacheNow();
    const seen = generation;
    const blocks = new BlockSet((await repo().active(now())).map(entryOf));
    if (seen === generation) cached = { at, blocks };
    return blocks;
  }

  /**
   * The blocks in force, from this node's copy while it is fresh. Requests arriving together
   * share one read. When the database cannot be read, the last copy goes on deciding (and
   * `onStale` hears why) rather than every request failing or every block lapsing.
   */
  async function blocks(onStale?: (error: unknown) => void): Promise<BlockSet> {
    if (cached && cacheNow() - cached.at < ACCESS_CACHE_MS) return cached.blocks;
    loading ??= load().finally(() => {
      loading = undefined;
    });
    try {
      return await loading;
    } catch (error) {
      if (!cached) throw error;
      onStale?.(error);
      return cached.blocks;
    }
  }

  function forget(): void {
    cached = undefined;
    loading = undefined;
    generation++;
  }
  bus.subscribe(ACCESS_CHANNEL, forget);

  /** After a change commits: this node at once, the others through the bus. */
  function changed(): void {
    forget();
    bus.publish(ACCESS_CHANNEL, { at: Date.now() });
  }

  /** Where restricted users are sent: the setting, and what it means for `origin`. */
  async function accessSettings(origin: string): Promise<AccessSettings> {
    return {
      blackRunUrl: (await settings.get()).blackRunUrl,
      effectiveUrl: await common.blackRunUrl(origin),
    };
  }

  return {
    /** The block in force that covers the client address `ip` (`req.ip`), if any. */
    async blockOf(ip: string, onStale?: (error: unknown) => void): Promise<BlockEntry | undefined> {
      const set = await blocks(onStale);
      if (set.size === 0) return undefined;
      const address = clientAddress(ip);
      return address ? set.match(address, now().getTime()) : undefined;
    },

    async list(q: AddressBlockQuery): Promise<AddressBlockList> {
      const at = now();
      const cursor = q.cursor === undefined ? undefined : BigInt(q.cursor);
      const [rows, active] = await Promise.all([
        repo().page(q.state, at, cursor, q.limit + 1),
        repo().countActive(at),
      ]);
      const page = rows.slice(0, q.limit);
      return {
        items: page.map((r) => view(r, at)),
        nextCursor: rows.length > q.limit ? (page.at(-1)?.id.toString() ?? null) : null,
        active,
      };
    },

    /**
     * Blocks a range: canonical (host bits cleared), not wider than a /8 or /16, not already
     * blocked, within the number of active blocks, with an expiry in the future if any.
     */
    async add(who: AuditActor, change: AddressBlockChange): Promise<AddressBlock> {
      const range = parseRange(change.cidr);
      const done = await db.transaction(async (tx) => {
        const at = now();
        const expiresAt = change.expiresAt === null ? null : new Date(change.expiresAt);
        if (expiresAt !== null && expiresAt <= at) throw new AppError('ACCESS_BLOCK_EXPIRY_PAST');
        await repo(tx).lockWriters();
        if (await repo(tx).activeOf(range.cidr, at)) throw new AppError('ACCESS_BLOCK_DUPLICATE');
        if ((await repo(tx).countActive(at)) >= ACCESS_LIMITS.maxActiveBlocks)
          throw new AppError(
            'ACCESS_BLOCKS_FULL',
            { max: ACCESS_LIMITS.maxActiveBlocks },
            { max: ACCESS_LIMITS.maxActiveBlocks },
          );
        const row = await repo(tx).insert({
          cidr: range.cidr,
          family: range.family === 'ipv4' ? 4 : 6,
          note: change.note,
          expiresAt,
          createdAt: at,
          createdBy: who.actor,
        });
        const after = view(row, at);
        await audit.record(tx, who, {
          action: 'access.block_added',
          subject: `address_block:${row.id}`,
          after,
        });
        return after;
      });
      changed();
      return done;
    },

    /** Lifts a block in force; its row stays as history. */
    async remove(who: AuditActor, id: bigint): Promise<AddressBlock> {
      const done = await db.transaction(async (tx) => {
        const at = now();
        const row = await repo(tx).lock(id);
        if (!row || view(row, at).state !== 'active') throw new AppError('ACCESS_BLOCK_NOT_FOUND');
        const after = view(await repo(tx).markRemoved(id, at, who.actor), at);
        await audit.record(tx, who, {
          action: 'access.block_removed',
          subject: `address_block:${id}`,
          before: view(row, at),
          after,
        });
        return after;
      });
      changed();
      return done;
    },

    settings: accessSettings,

    /** Sets `Black_run`: empty (the app's own restricted page) or a web address. */
    async changeSettings(
      who: AuditActor,
      blackRunUrl: string,
      origin: string,
    ): Promise<AccessSettings> {
      if (blackRunUrl !== '' && !isWebUrl(blackRunUrl)) throw new AppError('BLACK_RUN_URL_INVALID');
      await settings.change(
        who,
        { action: 'access.black_run_changed', subject: 'setting:blackRunUrl' },
        { blackRunUrl },
      );
      return accessSettings(origin);
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
