import type { SealedBox } from '../../crypto/sealed.js';
import type { Db } from '../../db/client.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { LevelsRecorder } from '../levels/levels.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { Bus } from '../realtime/bus.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { ChainPort } from './chain-port.js';
import type { IdentityPort } from './identity-port.js';

/** What funding's use cases share: the platform, the services it uses, and its two ports. */
export interface FundingDeps {
  db: Db;
  bus: Bus;
  now: () => Date;
  ledger: LedgerService;
  /** Credited recharges and decided withdrawals go to the user's inbox, in their transaction. */
  notifications: NotificationsService;
  /** A credited bank recharge counts toward member levels, in its transaction. */
  levels: LevelsRecorder;
  audit: AuditService;
  auth: AuthService;
  settings: SettingsService;
  /** Card numbers are sealed with the server's data key. */
  box: SealedBox;
  chain: ChainPort;
  identity: IdentityPort;
  /** A bank recharge's transfer receipt: an upload of the user's, attached to the record. */
  uploads: Pick<UploadsService, 'ownedBy' | 'attach' | 'signed'>;
}
