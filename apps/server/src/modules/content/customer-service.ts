import {
  agentKindSchema,
  FALLBACK_LOCALE,
  LOCALE_KEYS,
  MAX_AGENTS,
  type Agent,
  type AgentKind,
  type CustomerService,
  type LocaleKey,
} from '@ampere/contract';
import {
  CONTENT_LIMITS,
  isAgentValue,
  type AdminCustomerService,
  type CustomerServiceChange,
} from '@ampere/contract/admin';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import { imageUrl, type ContentImages } from './images.js';
import { createMediaRepository, type CustomerServiceRow } from './media.repository.js';
import { cleanText } from './sanitize.js';

/** An agent as stored (jsonb); re-checked when read, so a bad row is skipped, never served. */
const storedAgent = z
  .object({
    name: z.string().min(1),
    avatarId: z.string().nullable(),
    kind: agentKindSchema,
    value: z.string(),
  })
  .refine((a) => isAgentValue(a.kind, a.value));
type StoredAgent = z.infer<typeof storedAgent>;

const agentsOf = (row: CustomerServiceRow): StoredAgent[] =>
  (Array.isArray(row.agents) ? row.agents : [])
    .map((a) => storedAgent.safeParse(a))
    .filter((p) => p.success)
    .map((p) => p.data)
    .slice(0, MAX_AGENTS);

/** Where a tap goes and what the user reads, by kind. */
export function reach(kind: AgentKind, value: string): { href: string; label: string } {
  switch (kind) {
    case 'telegram': {
      const handle = value.replace(/^@/, '');
      return { href: `https://t.me/${handle}`, label: `@${handle}` };
    }
    case 'whatsapp': {
      const digits = value.replace(/^\+/, '');
      return { href: `https://wa.me/${digits}`, label: `+${digits}` };
    }
    case 'url':
    case 'webview':
      return { href: new URL(value).href, label: new URL(value).host };
  }
}

const configured = (row: CustomerServiceRow) => agentsOf(row).length > 0 || row.qrImageId !== null;

/**
 * Customer service (issue #17, SPEC §1): up to three agents and a QR code per language, set by
 * support in the back office. A language with none shows the fallback language's, then the
 * first language that has any.
 */
export function createCustomerService(deps: {
  db: Db;
  audit: AuditService;
  images: ContentImages;
  now: () => Date;
}) {
  const { db, audit, images, now } = deps;
  const repo = (tx: Db = db) => createMediaRepository(tx);

  const adminView = (rows: CustomerServiceRow[]): AdminCustomerService => ({
    locales: LOCALE_KEYS.flatMap((locale) => {
      const row = rows.find((r) => r.locale === locale);
      if (!row) return [];
      return [
        {
          locale,
          agents: agentsOf(row).map((a) => ({
            ...a,
            avatarUrl: a.avatarId === null ? null : imageUrl(a.avatarId),
          })),
          qrImageId: row.qrImageId,
          qrImageUrl: row.qrImageId === null ? null : imageUrl(row.qrImageId),
        },
      ];
    }),
  });

  return {
    get: async () => adminView(await repo().services()),

    /** POST content/customer-service: every language's set, whole; one audit row. */
    async change(who: AuditActor, change: CustomerServiceChange): Promise<AdminCustomerService> {
      const rows: CustomerServiceRow[] = change.locales.map((l, i) => ({
        locale: l.locale,
        agents: l.agents.map((a, j) => {
          const name = cleanText(a.name).slice(0, CONTENT_LIMITS.agentName).trim();
          if (name === '')
            throw new AppError(
              'CONTENT_EMPTY_AFTER_CLEANING',
              {},
              { field: `locales.${i}.agents.${j}.name` },
            );
          return { name, avatarId: a.avatarId, kind: a.kind, value: a.value };
        }),
        qrImageId: l.qrImageId,
        updatedAt: now(),
      }));
      return db.transaction(async (tx) => {
        await images.require(
          tx,
          change.locales.flatMap((l) => l.agents.map((a) => a.avatarId)),
          'avatar',
        );
        await images.require(
          tx,
          change.locales.map((l) => l.qrImageId),
          'qr',
        );
        const before = adminView(await repo(tx).lockServices());
        await repo(tx).replaceServices(rows.filter(configured));
        const after = adminView(await repo(tx).services());
        await audit.record(tx, who, {
          action: 'content.customer_service_changed',
          subject: 'customer_service',
          before,
          after,
        });
        return after;
      });
    },

    /** common/customerService: the caller's language's set, else the fallback's, else any. */
    async forLocale(locale: LocaleKey): Promise<CustomerService> {
      const rows = (await repo().services()).filter(configured);
      const row =
        rows.find((r) => r.locale === locale) ??
        rows.find((r) => r.locale === FALLBACK_LOCALE) ??
        LOCALE_KEYS.map((l) => rows.find((r) => r.locale === l)).find((r) => r !== undefined);
      if (!row) return { agents: [], qrCodeUrl: null };
      return {
        agents: agentsOf(row).map((a): Agent => ({
          name: a.name,
          avatarUrl: a.avatarId === null ? null : imageUrl(a.avatarId),
          kind: a.kind,
          ...reach(a.kind, a.value),
        })),
        qrCodeUrl: row.qrImageId === null ? null : imageUrl(row.qrImageId),
      };
    },
  };
}

export type CustomerServiceConfig = ReturnType<typeof createCustomerService>;
