import { createAddresses } from './addresses/addresses.service.js';
import { createCards } from './cards/cards.service.js';
import type { FundingDeps } from './deps.js';
import { createExchange } from './exchange/exchange.service.js';
import { createRecharge } from './recharge/recharge.service.js';
import { createRechargeReview } from './recharge/recharge.review.js';
import { createRecords } from './records/records.service.js';
import { createFundingSettings } from './settings.js';
import { createWithdrawal } from './withdrawal/withdrawal.service.js';
import { createWithdrawalReview } from './withdrawal/withdrawal.review.js';

/**
 * Funding (issue #14, docs/funding.md), composed from its use cases, one folder each: cards,
 * addresses, recharge, withdrawal, exchange, records; the staff halves beside them.
 */
export function createFundingService(deps: FundingDeps) {
  const cards = createCards(deps);
  const addresses = createAddresses(deps);
  const rechargeReview = createRechargeReview(deps);
  const withdrawalReview = createWithdrawalReview(deps);
  const recharge = createRecharge(deps);
  const withdrawal = createWithdrawal({ ...deps, cards, addresses });
  const exchange = createExchange(deps);
  return {
    cards,
    addresses,
    recharge,
    rechargeReview,
    withdrawal,
    withdrawalReview,
    exchange,
    records: createRecords({ ...deps, recharge, withdrawal, exchange }),
    settings: createFundingSettings({ ...deps, exchange }),
  };
}

export type FundingService = ReturnType<typeof createFundingService>;
