/**
 * A settlement process for the fault test (settlement.faults.test.ts): settles due orders on the
 * database at argv[2] in batches of argv[3], pausing argv[4] ms between batches, until none is
 * left, then exits 0. The test kills
 * these with SIGKILL at random moments.
 */
import { openPostgres } from '../db/client.js';
import { createLedgerService } from '../modules/ledger/ledger.service.js';
import { createMarketService } from '../modules/market/market.service.js';
import { createLevelsRecorder } from '../modules/levels/levels.service.js';
import { createNotificationsService } from '../modules/notifications/notifications.service.js';
import { createTradingService } from '../modules/trading/trading.service.js';

const [url, batchText, pauseText] = process.argv.slice(2);
if (!url) throw new Error('usage: settle-worker <database url> [batch] [pause ms]');
const batch = Number(batchText ?? '50');
/** A pause between batches stretches the run, so the test's kills land mid-settlement. */
const pauseMs = Number(pauseText ?? '0');
const database = openPostgres(url, 2, () => undefined);
const db = database.db;
const trading = createTradingService({
  db,
  ledger: createLedgerService(),
  market: createMarketService({ db }),
  notifications: createNotificationsService({ db }),
  levels: createLevelsRecorder({ db }),
});
let idle = 0;
// Two empty rounds in a row: everything due is settled (or held by another live worker).
while (idle < 2) {
  const n = await trading.settleDue(batch);
  idle = n === 0 ? idle + 1 : 0;
  await new Promise((r) => setTimeout(r, n === 0 ? 100 : pauseMs));
}
await database.close();
