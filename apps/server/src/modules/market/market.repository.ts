import type { Db } from '../../db/client.js';
import { createChainRepository } from './chain.repository.js';
import { createPricesRepository } from './prices.repository.js';
import { createRetentionRepository } from './retention.repository.js';

export type { CandleRow, ProductRow, TickRow } from './prices.repository.js';
export type { TickGapRow, TickReference } from './retention.repository.js';

/** The market's SQL, composed from its parts: prices, the chain and retention. */
export function createMarketRepository(db: Db) {
  return {
    ...createPricesRepository(db),
    ...createChainRepository(db),
    ...createRetentionRepository(db),
  };
}
