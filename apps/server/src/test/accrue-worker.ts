/**
 * An accrual process for the crash test (earn/accrual.crash.pg.test.ts): pays due Earn interest
 * on the database at argv[2] in batches of argv[3] as if the time were argv[4] (epoch ms),
 * pausing argv[5] ms between batches, until nothing is due, then exits 0. The test kills these
 * with SIGKILL at random moments.
 */
import { openPostgres } from '../db/client.js';
import { createAuditService } from '../modules/audit/audit.service.js';
import { createEarnService } from '../modules/earn/earn.service.js';
import { createLedgerService } from '../modules/ledger/ledger.service.js';
import { createNotificationsService } from '../modules/notifications/notifications.service.js';

const [url, batchText, atText, pauseText] = process.argv.slice(2);
if (!url || !atText)
  throw new Error('usage: accrue-worker <database url> <batch> <at ms> [pause ms]');
const batch = Number(batchText ?? '100');
const at = Number(atText);
const pauseMs = Number(pauseText ?? '0');
const database = openPostgres(url, 2, () => undefined);
const db = database.db;
const earn = createEarnService({
  db,
  ledger: createLedgerService({ now: () => new Date(at) }),
  notifications: createNotificationsService({ db, now: () => new Date(at) }),
  audit: createAuditService({ db, now: () => new Date(at) }),
  now: () => at,
  utcOffsetMinutes: 480,
  checkFundPassword: async () => undefined,
});
// Tells the test this worker is up and connected (it kills only workers past their start-up).
await database.ping();
process.stdout.write('.');
// The job's drain with a pause between batches, so the test's kills land mid-run; another drain
// after one that paid anything, for what a killed worker gave back after this one's passes.
while ((await earn.drainDue({ batch, pauseMs })) > 0) {
  await new Promise((r) => setTimeout(r, 100));
}
await database.close();
