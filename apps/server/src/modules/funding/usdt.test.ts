import { translator } from '../../i18n/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditFromEquity } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import type { UserRow } from '../auth/users.js';
import { chainDouble } from './test/chain-double.js';
import { FUND_PASSWORD, fundingUser, newKey } from './test/api.js';
import { financeMember, fundingWith } from './test/harness.js';
import type { Member } from './staff-member.js';

/** USDT: the address book on a network, the cool-down, chain payouts, deposits in the tracker. */
describe('USDT with a chain network', () => {
  let t: TestApp;
  const clock = testClock();
  const chain = chainDouble();
  let funding: ReturnType<typeof fundingWith>;
  let user: UserRow;
  let fin1: Member;
  let fin2: Member;
  const en = translator('en-US');
  // A real EIP-55 address, and the same with one letter's case flipped (checksum broken).
  const GOOD = '0x52908400098527886E0F7030069857D2E4169EE7';
  const BAD = '0x52908400098527886E0F7030069857D2E4169Ee7';

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    funding = fundingWith(t, { chain: chain.port, now: clock.now });
    const u = await fundingUser(t.app, t.database.db, 'usdtuser');
    const row = await t.app.services.auth.users.findById(u.id);
    if (!row) throw new Error('user');
    user = row;
    await creditFromEquity(t.database.db, user.id, 'usdt', 1_000_000_000n); // 1000.000000 USDT
    fin1 = await financeMember(t, 'usdt-fin1');
    fin2 = await financeMember(t, 'usdt-fin2');
  });
  afterAll(() => t.close());

  const add = (address: string) =>
    funding.addresses.add(user, {
      network: 'erc20',
      address,
      label: 'cold',
      mpassword: FUND_PASSWORD,
    });

  it('checks addresses per network: a broken checksum, an unknown network, a duplicate', async () => {
    await expect(add(BAD)).rejects.toThrow('ADDRESS_INVALID');
    await expect(add('0x1234')).rejects.toThrow('ADDRESS_INVALID');
    await expect(
      funding.addresses.add(user, {
        network: 'trc20',
        address: GOOD,
        label: '',
        mpassword: FUND_PASSWORD,
      }),
    ).rejects.toThrow('NETWORK_UNAVAILABLE');
    const book = await add(GOOD);
    expect(book.items).toHaveLength(1);
    expect(book.items[0]).toMatchObject({
      address: GOOD,
      usable: false,
      usableAt: '2026-11-22T08:00:00.000Z',
    });
    await expect(add(GOOD.toLowerCase())).rejects.toThrow('ADDRESS_DUPLICATE');
  });

  it('refuses a withdrawal to an address still cooling down; takes it 24 h later', async () => {
    const id = (await funding.addresses.list(user.id)).items[0]?.id ?? '';
    const req = {
      currency: 'usdt' as const,
      amount: '100.000000',
      addressId: id,
      mpassword: FUND_PASSWORD,
    };
    await expect(funding.withdrawal.request(user, req, newKey(), 'en-US', en)).rejects.toThrow(
      'ADDRESS_COOLING_DOWN',
    );
    clock.advance(24 * 3600_000);
    // 16:00 the next day at UTC+8: inside the window.
    const w = await funding.withdrawal.request(user, req, newKey(), 'en-US', en);
    // 1.000000 + 100.000000 × 0% = 1.000000; arrival 99.000000
    expect(w).toMatchObject({ status: 'pending', fee: '1.000000', actualArrival: '99.000000' });
  });

  it('pays through the chain: a failed send goes back to approved; a good one is paid once', async () => {
    const [w] = (await funding.records.withdrawals(user.id, { limit: 20 }, en)).items;
    const id = BigInt(w?.id ?? '0');
    await funding.withdrawalReview.approve(fin1, id, undefined, newKey(), en);
    await expect(
      funding.withdrawalReview.markPaid(fin2, id, 'HAND-1', undefined, newKey(), en),
    ).rejects.toThrow('WITHDRAWAL_CHAIN_ONLY');
    chain.failSends(true);
    await expect(funding.withdrawalReview.send(fin2, id, undefined, newKey(), en)).rejects.toThrow(
      'PAYOUT_FAILED',
    );
    expect((await funding.withdrawalReview.get(id, en)).status).toBe('approved');
    chain.failSends(false);
    const paid = await funding.withdrawalReview.send(fin2, id, undefined, newKey(), en);
    expect(paid.status).toBe('paid');
    expect(chain.sent).toEqual([
      { network: 'erc20', to: GOOD, amountMinor: 99_000_000n, reference: `withdrawal:${id}` },
    ]);
    expect(paid.timeline.map((e) => e.event)).toEqual([
      'submitted',
      'approved',
      'paying',
      'payout_failed',
      'paying',
      'paid',
    ]);
    await expect(funding.withdrawalReview.send(fin2, id, undefined, newKey(), en)).rejects.toThrow(
      'FUNDING_ALREADY_DECIDED',
    );
    expect(chain.sent).toHaveLength(1);
  });

  it('shows chain deposits beside bank recharges, newest first, "confirming n/N", one cursor', async () => {
    const base = clock.now().getTime();
    chain.deposit(user.id, 5_000_000n, new Date(base - 3000), 6);
    chain.deposit(user.id, 7_000_000n, new Date(base - 1000), 2);
    const first = await funding.records.recharges(user.id, { limit: 1 }, en);
    expect(first.items[0]).toMatchObject({
      method: 'usdt',
      amount: '7.000000',
      statusLabel: 'Confirming 2/6',
      network: 'erc20',
      networkName: 'Ethereum (ERC-20)',
    });
    const second = await funding.records.recharges(
      user.id,
      { limit: 1, cursor: first.nextCursor ?? '' },
      en,
    );
    expect(second.items[0]).toMatchObject({
      method: 'usdt',
      amount: '5.000000',
      status: 'credited',
    });
    expect(second.nextCursor).toBeNull();
    const config = await funding.recharge.config(user.id, 'en-US');
    expect(config.usdt).toMatchObject({ available: true, unavailableReason: null });
    expect(config.usdt.networks[0]).toMatchObject({
      key: 'erc20',
      confirmations: 6,
      min: '1.000000',
    });
  });

  it('opens a chain deposit’s detail: transaction, network, address, n/N; only the owner’s', async () => {
    const id = chain.deposit(user.id, 9_500_000n, clock.now(), 3);
    const detail = await funding.recharge.deposit(user.id, id, en);
    expect(detail).toMatchObject({
      id: id.toString(),
      method: 'usdt',
      network: 'erc20',
      networkName: 'Ethereum (ERC-20)',
      txHash: `0x${id.toString(16).padStart(64, '0')}`,
      amount: '9.500000',
      status: 'confirming',
      statusLabel: 'Confirming 3/6',
      confirmations: { count: 3, required: 6 },
      creditedAt: null,
    });
    const other = await fundingUser(t.app, t.database.db, 'usdtother');
    await expect(funding.recharge.deposit(other.id, id, en)).rejects.toThrow('DEPOSIT_NOT_FOUND');
    await expect(funding.recharge.deposit(user.id, 999_999n, en)).rejects.toThrow(
      'DEPOSIT_NOT_FOUND',
    );
  });

  it('answers 5031 through the API for a deposit that is not the caller’s', async () => {
    const u = await fundingUser(t.app, t.database.db, 'usdtapi');
    const res = await u.get('user/depositDetail?id=1&lang=ja');
    expect(res.json()).toMatchObject({ code: 5031, msg: '入金記録が存在しません' });
    expect(res.statusCode).toBe(404);
  });
});
