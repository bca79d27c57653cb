import type { ChainDeposit, ChainPort, UsdtNetwork } from '../chain-port.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../errors.js';
import type { JobLog } from '../../../jobs/runner.js';
import type { LedgerService } from '../../ledger/ledger.service.js';
import type { LevelsRecorder } from '../../levels/levels.service.js';
import type { NotificationsService } from '../../notifications/notifications.service.js';
import type { Bus } from '../../realtime/bus.js';
import { createViemAdapter, type ChainAdapter } from './adapter.js';
import {
  createAddressDeriver,
  isValidEvmAddress,
  shownAddress,
  storedAddress,
} from './addresses.js';
import type { ChainConfig } from './chain.config.js';
import {
  createChainRepository,
  type ChainRepository,
  type DepositRow,
} from './chain.repository.js';
import { sendPayout } from './payouts.js';
import { createKeySigner, type ChainSigner } from './signer.js';
import { createChainWatcher } from './watcher.js';

// The port funding talks to (funding/chain-port.ts); this service implements it.
export type { ChainDeposit, ChainPort, UsdtNetwork } from '../chain-port.js';

export interface ChainServiceDeps {
  db: Db;
  ledger: LedgerService;
  /** A credited deposit is written to its owner's inbox in the crediting transaction. */
  notifications: NotificationsService;
  /** A credited deposit counts toward member levels in the crediting transaction. */
  levels: LevelsRecorder;
  bus: Bus;
  /** Undefined: no node configured, no network offered. */
  config: ChainConfig | undefined;
  now?: () => Date;
  /** Defaults to the JSON-RPC adapter over `config.rpcUrl`. */
  adapter?: ChainAdapter;
  /** Defaults to the key signer over `config.payoutKey`, when there is one. */
  signer?: ChainSigner;
}

const EVM_NETWORKS = new Set(['erc20']);

/** USDT on a chain: deposit addresses, the watcher that credits deposits, payouts. */
export function createChainService(deps: ChainServiceDeps) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  const adapter = config ? (deps.adapter ?? createViemAdapter(config.rpcUrl)) : undefined;
  const signer =
    deps.signer ??
    (config?.payoutKey ? createKeySigner(config.rpcUrl, config.payoutKey) : undefined);
  const derive = config ? createAddressDeriver(config.xpub) : undefined;
  const networks: readonly UsdtNetwork[] = config
    ? [
        {
          key: config.network,
          name: config.name,
          tokenAddress: config.tokenAddress,
          confirmations: config.confirmations,
          minMinor: config.minMinor,
          maxMinor: config.maxMinor,
        },
      ]
    : [];

  /** Deposits as the port shows them: confirmations counted from the verified scan tip. */
  async function shown(repo: ChainRepository, rows: DepositRow[]): Promise<ChainDeposit[]> {
    const tips = new Map<string, bigint>();
    for (const network of new Set(rows.map((r) => r.network)))
      tips.set(network, (await repo.cursor(network))?.lastBlock ?? -1n);
    const required = config?.confirmations ?? 0;
    return rows.map((r) => {
      const seen = (tips.get(r.network) ?? -1n) - r.blockNumber + 1n;
      const confirmations =
        r.status === 'credited'
          ? required
          : r.status === 'dropped'
            ? 0
            : Math.min(required, Math.max(0, Number(seen)));
      return {
        id: r.id,
        network: r.network,
        txHash: r.txHash,
        logIndex: r.logIndex,
        address: shownAddress(r.address),
        amountMinor: r.amountMinor,
        confirmations,
        required,
        status: r.status as ChainDeposit['status'],
        detectedAt: r.detectedAt,
        creditedAt: r.creditedAt,
      };
    });
  }

  function configured(network: string): ChainConfig {
    if (config?.network !== network) throw new AppError('CHAIN_NETWORK_UNAVAILABLE');
    return config;
  }

  const service = {
    networks: () => networks,

    async depositAddress(userId: bigint, network: string): Promise<string> {
      configured(network);
      const repo = createChainRepository(db);
      const existing = await repo.depositAddress(userId, network);
      if (existing) return shownAddress(existing.address);
      if (!derive) throw new AppError('CHAIN_NETWORK_UNAVAILABLE');
      const index = await repo.nextDerivationIndex();
      await repo.insertAddress(userId, network, index, storedAddress(derive(index)));
      // A concurrent first request may have won: whichever row is there is the user's.
      const row = await repo.depositAddress(userId, network);
      if (!row) throw new Error('deposit address missing after insert');
      return shownAddress(row.address);
    },

    isValidAddress: (network: string, address: string) =>
      EVM_NETWORKS.has(network) && isValidEvmAddress(address),

    async deposits(
      userId: bigint,
      q: { before?: { time: Date; id: bigint }; limit: number },
    ): Promise<ChainDeposit[]> {
      return shown(
        createChainRepository(db),
        await createChainRepository(db).listForUser(userId, q),
      );
    },

    async deposit(userId: bigint, id: bigint): Promise<ChainDeposit | undefined> {
      const repo = createChainRepository(db);
      const row = await repo.findForUser(userId, id);
      return row ? (await shown(repo, [row]))[0] : undefined;
    },

    async send(network: string, to: string, amountMinor: bigint, reference: string) {
      const cfg = configured(network);
      if (!signer) throw new AppError('CHAIN_PAYOUT_UNAVAILABLE');
      if (!isValidEvmAddress(to)) throw new AppError('CHAIN_ADDRESS_INVALID');
      if (amountMinor <= 0n) throw new AppError('AMOUNT_INVALID');
      return sendPayout(
        { db, signer, now },
        { network, token: cfg.tokenAddress, to: shownAddress(to), amountMinor, reference },
      );
    },

    /** The watcher over this service's node, for the job (and tests); undefined unconfigured. */
    watcher(log: JobLog, hooks: { beforeCommit?: () => void } = {}) {
      if (!config || !adapter) return undefined;
      return createChainWatcher({
        db,
        ledger: deps.ledger,
        notifications: deps.notifications,
        levels: deps.levels,
        bus: deps.bus,
        adapter,
        config,
        now,
        log,
        ...hooks,
      });
    },

    /** The development node must be the local chain: its keys are public. */
    async checkNode(): Promise<void> {
      if (!config?.devNode || !adapter) return;
      const id = await adapter.chainId();
      if (id !== 31337)
        throw new Error(`CHAIN_DEV_NODE points at chain ${id}, not the local node (31337)`);
    },
  } satisfies ChainPort & Record<string, unknown>;
  return service;
}

export type ChainService = ReturnType<typeof createChainService>;
