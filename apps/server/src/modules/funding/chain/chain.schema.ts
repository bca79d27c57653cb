import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { appUser } from '../../auth/auth.schema.js';
import { ledgerJournal } from '../../ledger/ledger.schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * USDT on a real chain (docs/chain.md). Addresses are stored lower-case hex (`0x…`, 40 digits);
 * they are shown EIP-55 check-summed.
 */

/**
 * A user's deposit address per network: child `0/<derivation_index>` of the configured extended
 * public key. The index is allocated from the table's own sequence, so two users never share one.
 */
export const chainDepositAddress = pgTable(
  'chain_deposit_address',
  {
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => appUser.id),
    network: text('network').notNull(),
    derivationIndex: bigint('derivation_index', { mode: 'bigint' })
      .notNull()
      .generatedByDefaultAsIdentity(),
    address: text('address').notNull(),
    createdAt: ts('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.network] }),
    unique('chain_deposit_address_index_key').on(t.network, t.derivationIndex),
    unique('chain_deposit_address_address_key').on(t.network, t.address),
    // BIP32 non-hardened children only: an xpub cannot derive hardened ones.
    check(
      'chain_deposit_address_index',
      sql`${t.derivationIndex} >= 0 and ${t.derivationIndex} < 2147483648`,
    ),
    check('chain_deposit_address_format', sql`${t.address} ~ '^0x[0-9a-f]{40}$'`),
  ],
);

/**
 * How far the watcher has scanned each network: every block up to `last_block` (whose hash was
 * `last_hash`) has had its transfers recorded. Advanced in the same transaction as the transfers.
 */
export const chainScanCursor = pgTable('chain_scan_cursor', {
  network: text('network').primaryKey(),
  lastBlock: bigint('last_block', { mode: 'bigint' }).notNull(),
  lastHash: text('last_hash').notNull(),
  updatedAt: ts('updated_at')
    .notNull()
    .default(sql`now()`),
});

/**
 * Hashes of recent scanned blocks (each range's last block, and every block with a deposit): a
 * stored hash the node no longer reports for that number is a reorg, and the watcher rewinds to
 * the highest block whose hash still matches. Old rows are pruned.
 */
export const chainBlock = pgTable(
  'chain_block',
  {
    network: text('network').notNull(),
    number: bigint('number', { mode: 'bigint' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.number] })],
);

/**
 * One ERC-20 transfer of the configured token to a deposit address. Unique on the transfer's
 * place in the chain (tx hash + log index); credited at most once (`journal_id`, unique).
 * `below_minimum` transfers are kept for the operator but never shown or credited.
 */
export const chainDeposit = pgTable(
  'chain_deposit',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    network: text('network').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    address: text('address').notNull(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => appUser.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('confirming'),
    detectedAt: ts('detected_at').notNull(),
    creditedAt: ts('credited_at'),
    journalId: bigint('journal_id', { mode: 'bigint' }).references(() => ledgerJournal.id),
  },
  (t) => [
    unique('chain_deposit_transfer_key').on(t.network, t.txHash, t.logIndex),
    unique('chain_deposit_journal_key').on(t.journalId),
    index('chain_deposit_user_idx').on(t.userId, t.detectedAt, t.id),
    index('chain_deposit_confirming_idx')
      .on(t.network, t.blockNumber)
      .where(sql`${t.status} = 'confirming'`),
    check(
      'chain_deposit_status',
      sql`${t.status} in ('confirming', 'credited', 'dropped', 'below_minimum')`,
    ),
    check(
      'chain_deposit_credited',
      sql`(${t.status} = 'credited') = (${t.journalId} is not null)
          and (${t.status} = 'credited') = (${t.creditedAt} is not null)`,
    ),
    check('chain_deposit_amount', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * A payout (an ERC-20 transfer we send), one per caller's reference. The transaction is signed
 * and stored here before it is broadcast, so a retry re-broadcasts the same signed transaction
 * (same nonce) and can never pay twice. `chain_payout_nonce` hands out the signer's nonces.
 */
export const chainPayout = pgTable(
  'chain_payout',
  {
    reference: text('reference').primaryKey(),
    network: text('network').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    nonce: bigint('nonce', { mode: 'bigint' }).notNull(),
    txHash: text('tx_hash').notNull(),
    signedTx: text('signed_tx').notNull(),
    createdAt: ts('created_at').notNull(),
    broadcastAt: ts('broadcast_at'),
  },
  (t) => [
    unique('chain_payout_tx_key').on(t.network, t.txHash),
    unique('chain_payout_nonce_key').on(t.network, t.fromAddress, t.nonce),
    check('chain_payout_amount', sql`${t.amountMinor} > 0`),
  ],
);

export const chainPayoutNonce = pgTable(
  'chain_payout_nonce',
  {
    network: text('network').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.address] })],
);
