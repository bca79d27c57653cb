import type { RechargeConfig, WithdrawConfig } from '@ampere/contract';

/** A recharge config as the server sends it: bank and one USDT network, open. */
export function rechargeConfig(over: Partial<RechargeConfig> = {}): RechargeConfig {
  return {
    open: true,
    bank: {
      available: true,
      currency: 'money',
      min: '100.00',
      max: '50000.00',
      accounts: [
        {
          id: '1',
          bankName: 'Ampere Bank',
          accountName: 'Ampere Ltd',
          cardNumber: '6222020200112233445',
          branch: 'Central',
        },
      ],
      expiresAfterS: 86_400,
    },
    usdt: {
      available: true,
      unavailableReason: null,
      networks: [
        {
          key: 'erc20',
          name: 'Ethereum (ERC-20)',
          tokenAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          confirmations: 6,
          min: '10.000000',
          max: '100000.000000',
          address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
        },
      ],
    },
    ...over,
  };
}

/** A withdraw config: open, in the window, a bound card, nothing used today. */
export function withdrawConfig(over: Partial<WithdrawConfig> = {}): WithdrawConfig {
  const rules = {
    available: true,
    fee: { fixed: '2.00', percent: '0.5', rounding: 'halfEven' as const },
  };
  return {
    open: true,
    money: { ...rules, currency: 'money', min: '100.00', max: '50000.00', balance: '1200.00' },
    usdt: {
      ...rules,
      currency: 'usdt',
      min: '10.000000',
      max: '10000.000000',
      fee: { fixed: '1.000000', percent: '0', rounding: 'halfEven' },
      balance: '0.000000',
    },
    dailyCount: 3,
    usedToday: 0,
    window: { from: '09:00', to: '21:00', tzOffsetMinutes: 480, openNow: true },
    realNameRequired: false,
    realNameApproved: false,
    fundPasswordSet: true,
    card: {
      accountName: 'Li Lei',
      bankName: 'ICBC',
      cardMasked: '**** **** **** 1234',
      branch: 'Pudong',
      boundAt: '2026-11-20T08:00:00.000Z',
    },
    addresses: [],
    ...over,
  };
}
