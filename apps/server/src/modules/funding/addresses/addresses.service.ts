import {
  ADDRESS_BOOK_MAX,
  ADDRESS_COOL_DOWN_S,
  type WithdrawAddress,
  type WithdrawAddressAdd,
  type WithdrawAddresses,
} from '@ampere/contract';
import { violatedUniqueConstraint } from '../../../db/errors.js';
import { AppError } from '../../../errors.js';
import type { UserRow } from '../../auth/users.js';
import type { FundingDeps } from '../deps.js';
import { createAddressesRepository, type AddressRow } from './addresses.repository.js';

/**
 * The USDT withdrawal address book (docs/funding.md, "Address book"): an address is checked by
 * its network (the chain port: EIP-55 for `erc20`), added with the fund password, and usable
 * for withdrawals 24 h later, so a stolen session cannot add an address and empty the account
 * at once.
 */
export function createAddresses(deps: Pick<FundingDeps, 'db' | 'auth' | 'chain' | 'now'>) {
  const { db, auth, chain, now } = deps;
  const repo = () => createAddressesRepository(db);
  const networkName = (key: string) => chain.networks().find((n) => n.key === key)?.name ?? key;

  function view(row: AddressRow, at: Date): WithdrawAddress {
    return {
      id: row.id.toString(),
      network: row.network,
      networkName: networkName(row.network),
      address: row.address,
      label: row.label,
      createdAt: row.createdAt.toISOString(),
      usableAt: row.usableAt.toISOString(),
      usable: row.usableAt <= at,
    };
  }

  return {
    view,

    async list(userId: bigint): Promise<WithdrawAddresses> {
      const at = now();
      const networks = chain.networks().map((n) => ({ key: n.key, name: n.name }));
      return {
        items: (await repo().list(userId)).map((r) => view(r, at)),
        networks,
        usdtAvailable: networks.length > 0,
      };
    },

    async add(user: UserRow, req: WithdrawAddressAdd): Promise<WithdrawAddresses> {
      if (!chain.networks().some((n) => n.key === req.network))
        throw new AppError('NETWORK_UNAVAILABLE');
      if (!chain.isValidAddress(req.network, req.address)) throw new AppError('ADDRESS_INVALID');
      if ((await repo().countLive(user.id)) >= ADDRESS_BOOK_MAX)
        throw new AppError('ADDRESS_BOOK_FULL');
      await auth.checkFundPassword(user, req.mpassword);
      const at = now();
      try {
        await repo().insert({
          userId: user.id,
          network: req.network,
          address: req.address,
          label: req.label,
          createdAt: at,
          usableAt: new Date(at.getTime() + ADDRESS_COOL_DOWN_S * 1000),
        });
      } catch (error) {
        if (violatedUniqueConstraint(error) === 'withdraw_address_live_key')
          throw new AppError('ADDRESS_DUPLICATE');
        throw error;
      }
      return this.list(user.id);
    },

    async remove(userId: bigint, id: bigint): Promise<WithdrawAddresses> {
      if (!(await repo().remove(userId, id, now()))) throw new AppError('ADDRESS_NOT_FOUND');
      return this.list(userId);
    },

    /** An address of the user's that a withdrawal may go to now. */
    async usable(userId: bigint, id: bigint): Promise<AddressRow> {
      const row = await repo().find(userId, id);
      if (!row) throw new AppError('ADDRESS_NOT_FOUND');
      if (!chain.networks().some((n) => n.key === row.network))
        throw new AppError('NETWORK_UNAVAILABLE');
      if (row.usableAt > now()) {
        const usableAt = row.usableAt.toISOString();
        throw new AppError('ADDRESS_COOLING_DOWN', { usableAt }, { usableAt });
      }
      return row;
    },
  };
}

export type Addresses = ReturnType<typeof createAddresses>;
