import type { PendingQueue } from '@ampere/contract/admin';
import type {
  KycCase,
  KycCaseList,
  KycCaseListQuery,
  KycDecide,
  KycSettings,
  KycSettingsChange,
} from '@ampere/contract/admin';
import type { RealnameAuth, RealnameAuthRequest } from '@ampere/contract';
import type { SealedBox } from '../../crypto/sealed.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { createKycDocuments } from './documents.js';
import { createKycRepository, type KycRow } from './kyc.repository.js';
import { claim, decide, type Reviewer } from './review.js';
import { submit } from './submission.js';
import { summaryView, userView, type CaseUser } from './views.js';

export type { Reviewer } from './review.js';

/**
 * Real-name verification (issue #16, docs/kyc.md): the user's submission and view, the staff
 * queue with claims and per-side decisions, and the approved name other modules read (the bank
 * card's account name must match it: funding's `IdentityPort`).
 */
export function createKycService(deps: {
  db: Db;
  uploads: UploadsService;
  audit: AuditService;
  notifications: NotificationsService;
  auth: Pick<AuthService, 'usersByIds' | 'findUserByUid'>;
  box: SealedBox;
  settings: Pick<SettingsService, 'get' | 'change'>;
  now: () => Date;
}) {
  const { db, uploads, auth, box, now } = deps;
  const repo = () => createKycRepository(db);
  const documents = createKycDocuments(deps.settings);

  async function usersOf(rows: readonly KycRow[]): Promise<Map<bigint, CaseUser>> {
    const users = await auth.usersByIds([...new Set(rows.map((r) => r.userId))]);
    return new Map(users.map((u) => [u.id, u]));
  }

  async function caseView(row: KycRow): Promise<KycCase> {
    const user = (await usersOf([row])).get(row.userId);
    if (!user) throw new Error(`kyc ${row.id} for user ${row.userId}, who does not exist`);
    const image = (uploadId: string) => uploads.signed(uploadId);
    return {
      ...summaryView(row, user, now()),
      idcard: box.open(row.idcardSealed),
      frontImage: image(row.frontUploadId),
      backImage: image(row.backUploadId),
      note: row.note,
      decidedBy:
        row.decidedBy === null
          ? null
          : { id: row.decidedBy.toString(), username: row.decidedByName ?? '' },
      decidedAt: row.decidedAt?.toISOString() ?? null,
    };
  }

  return {
    /** GET user/getRealnameAuth. */
    async status(userId: bigint): Promise<RealnameAuth> {
      return userView(await repo().findByUser(userId), uploads, await documents.offered());
    },

    /** POST user/realnameAuth. */
    async submit(userId: bigint, req: RealnameAuthRequest): Promise<RealnameAuth> {
      const row = await submit({ db, uploads, box, documents, now }, userId, req);
      return userView(row, uploads, await documents.offered());
    },

    /** The name on the user's approved identity, or null (funding's IdentityPort). */
    async approvedName(userId: bigint): Promise<string | null> {
      return (await repo().approvedName(userId)) ?? null;
    },

    /** GET kyc/cases: by status, oldest submission first. */
    async list(q: KycCaseListQuery): Promise<KycCaseList> {
      let userId: bigint | undefined;
      if (q.uid !== undefined) {
        const user = await auth.findUserByUid(BigInt(q.uid));
        if (!user) return { items: [], nextCursor: null };
        userId = user.id;
      }
      const rows = await repo().list({
        status: q.status,
        userId,
        afterId: q.cursor === undefined ? undefined : BigInt(q.cursor),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const users = await usersOf(page);
      const at = now();
      return {
        items: page.map((r) => {
          const user = users.get(r.userId);
          if (!user) throw new Error(`kyc ${r.id} for user ${r.userId}, who does not exist`);
          return summaryView(r, user, at);
        }),
        nextCursor: rows.length > q.limit ? (page.at(-1)?.id.toString() ?? null) : null,
      };
    },

    /** GET kyc/cases/:id: the full number and both images, signed for the reviewer. */
    async get(id: bigint): Promise<KycCase> {
      const row = await repo().find(id);
      if (!row) throw new AppError('KYC_CASE_NOT_FOUND');
      return caseView(row);
    },

    async claim(by: Reviewer, id: bigint): Promise<KycCase> {
      return caseView(await claim(deps, by, id));
    },

    async decide(by: Reviewer, id: bigint, body: KycDecide): Promise<KycCase> {
      return caseView(await decide(deps, by, id, body));
    },

    /** GET kyc/settings: the documents on offer. */
    settings: (): Promise<KycSettings> => documents.settings(),

    /** POST kyc/settings (`kyc.settings`): the documents on offer, whole; audited. */
    changeSettings: (who: AuditActor, req: KycSettingsChange): Promise<KycSettings> =>
      documents.change(who, req),

    /** For the dashboard: cases under review and the oldest submission. */
    async pendingQueue(): Promise<PendingQueue> {
      const { count, oldestAt } = await repo().pending();
      return { name: 'kyc', count, oldestAt: oldestAt?.toISOString() ?? null };
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
