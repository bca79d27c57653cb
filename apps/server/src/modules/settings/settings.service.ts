import {
  DEFAULT_KYC_DOC_TYPES,
  PRACTICE_DEFAULT_START,
  FALLBACK_LOCALE,
  kycDocTypeSchema,
  LOCALE_KEYS,
  localeKeySchema,
  type LocaleKey,
} from '@ampere/contract';
import {
  closeTipsSchema,
  DEFAULT_FUNDING_RULES,
  DEFAULT_MEMBER_LEVELS,
  exchangeRateTextSchema,
  fundingRulesSchema,
  memberLevelsSchema,
  type CloseTips,
  type FundingChange,
  type FundingKind,
  type FundingSettings,
  type MemberLevels,
} from '@ampere/contract/admin';
import { z } from 'zod/mini';
import type { Db } from '../../db/client.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import { createSettingsRepository } from './settings.repository.js';

/**
 * Operator switches. A missing row means the default; a stored value that no longer parses is
 * ignored (and the default used) rather than taking the whole config endpoint down.
 */
export const SETTINGS = {
  appName: z._default(z.string().check(z.minLength(1), z.maxLength(64)), 'Ampere'),
  defaultLanguage: z._default(localeKeySchema, 'en-US'),
  rechargeOpen: z._default(z.boolean(), true),
  withdrawOpen: z._default(z.boolean(), true),
  /** What the user app shows while recharge is closed, per locale (settings/funding). */
  rechargeCloseTip: z._default(closeTipsSchema, {}),
  withdrawCloseTip: z._default(closeTipsSchema, {}),
  /** Where a disabled account is sent; empty means our own "access restricted" page. */
  blackRunUrl: z._default(z.string().check(z.maxLength(2048)), ''),
  /** The member-level thresholds (contract `memberLevelsSchema`, docs/backoffice.md). */
  memberLevels: z._default(memberLevelsSchema, DEFAULT_MEMBER_LEVELS),
  /** Funding's bounds, fees, daily count and window, expiry (contract `fundingRulesSchema`). */
  fundingRules: z._default(fundingRulesSchema, DEFAULT_FUNDING_RULES),
  /** The documents users may verify with (docs/kyc.md); `prc_id` alone until compliance adds. */
  kycDocTypes: z._default(z.array(kycDocTypeSchema).check(z.minLength(1)), [
    ...DEFAULT_KYC_DOC_TYPES,
  ]),
  /**
   * The practice book (docs/trading-rules.md, Practice): its starting balance, USDT with 6
   * decimals. An object, not a bare string: a stored JSON string of digits reads back as a number.
   */
  practice: z._default(
    z.object({ start: z.string().check(z.regex(/^[1-9][0-9]{0,6}\.[0-9]{6}$/)) }),
    { start: PRACTICE_DEFAULT_START },
  ),
  /** The exchange's middle rate (CNY per USDT; none until finance sets one) and spread. */
  exchangeRate: z._default(
    z.object({
      rate: z.nullable(exchangeRateTextSchema),
      spreadBps: z.int().check(z.minimum(0), z.maximum(1000)),
      updatedAt: z.nullable(z.iso.datetime()),
      updatedBy: z.nullable(z.object({ id: z.string(), username: z.string() })),
    }),
    { rate: null, spreadBps: 50, updatedAt: null, updatedBy: null },
  ),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type Settings = { [K in SettingKey]: z.infer<(typeof SETTINGS)[K]> };

/**
 * How long a read is reused: config is read on every app launch, and changes are rare. A change
 * drops this process's copy at once; every other process reads it within this time.
 */
export const SETTINGS_CACHE_MS = 2_000;

/** The tip for `locale`: its own, else English, else none (the app's own text). */
export function closeTipFor(tips: CloseTips, locale: LocaleKey): string | undefined {
  const own = tips[locale];
  if (own !== undefined && own !== '') return own;
  const fallback = tips[FALLBACK_LOCALE];
  return fallback !== undefined && fallback !== '' ? fallback : undefined;
}

/** The tips without blank ones: a blank tip means none. */
function cleanTips(tips: CloseTips): CloseTips {
  const out: CloseTips = {};
  for (const locale of LOCALE_KEYS) {
    const tip = tips[locale]?.trim();
    if (tip) out[locale] = tip;
  }
  return out;
}

function parse(stored: Record<string, unknown>): Settings {
  const entries = Object.entries(SETTINGS).map(([key, schema]) => {
    const parsed = schema.safeParse(stored[key]);
    return [key, parsed.success ? parsed.data : schema.parse(undefined)];
  });
  return Object.fromEntries(entries) as Settings;
}

export interface SettingsDeps {
  db: Db;
  audit: AuditService;
  /** The cache's clock (wall time): tests move it to show when a change is seen. */
  cacheNow?: () => number;
  /**
   * How long a read is reused (`SETTINGS_CACHE_MS` by default). The server's test suite uses 0:
   * every read then goes to the database, so a read made inside a transaction's callback (which
   * on PGlite would wait for ever, and the guard refuses) fails every time, not only when the
   * copy happens to be cold.
   */
  cacheMs?: number;
}

export function createSettingsService({
  db,
  audit,
  cacheNow = Date.now,
  cacheMs = SETTINGS_CACHE_MS,
}: SettingsDeps) {
  let cached: { at: number; value: Settings } | undefined;
  let generation = 0;

  async function get(): Promise<Settings> {
    if (cached && cacheNow() - cached.at < cacheMs) return cached.value;
    // Stamped before reading: a copy is never older than its stamp says.
    const at = cacheNow();
    const seen = generation;
    const value = parse(await createSettingsRepository(db).all());
    if (seen === generation) cached = { at, value };
    return value;
  }

  const forget = () => {
    cached = undefined;
    generation++;
  };

  /**
   * Changes some settings and records who did it, with the values before and after: one audit
   * entry in the same transaction as the change. Writers are ordered, so `before` is exact.
   */
  async function change<K extends SettingKey>(
    who: AuditActor,
    what: { action: string; subject: string },
    patch: Pick<Settings, K>,
  ): Promise<{ before: Pick<Settings, K>; after: Pick<Settings, K> }> {
    const keys = Object.keys(patch) as K[];
    const result = await db.transaction(async (tx) => {
      const repo = createSettingsRepository(tx);
      await repo.lockWriters();
      const stored = parse(await repo.some(keys));
      const before = {} as Pick<Settings, K>;
      const after = {} as Pick<Settings, K>;
      for (const key of keys) {
        before[key] = stored[key];
        after[key] = SETTINGS[key].parse(patch[key]) as Settings[K];
        await repo.put(key, after[key]);
      }
      await audit.record(tx, who, { ...what, before, after });
      return { before, after };
    });
    forget();
    return result;
  }

  const fundingOf = (s: Settings): FundingSettings => ({
    recharge: { open: s.rechargeOpen, closeTip: s.rechargeCloseTip },
    withdraw: { open: s.withdrawOpen, closeTip: s.withdrawCloseTip },
  });

  return {
    get,
    change,

    /** Sets one value without an audit entry: for the operator's own tooling and tests. */
    async set<K extends SettingKey>(key: K, value: Settings[K]): Promise<void> {
      await createSettingsRepository(db).put(key, SETTINGS[key].parse(value));
      forget();
    },

    /** Recharge and withdrawal: open or closed, and the tip shown while closed. */
    funding: async (): Promise<FundingSettings> => fundingOf(await get()),

    async changeFunding(
      who: AuditActor,
      kind: FundingKind,
      req: FundingChange,
    ): Promise<FundingSettings> {
      const closeTip = cleanTips(req.closeTip);
      const what = { action: 'settings.funding_changed', subject: `setting:${kind}` };
      if (kind === 'recharge')
        await change(who, what, { rechargeOpen: req.open, rechargeCloseTip: closeTip });
      else await change(who, what, { withdrawOpen: req.open, withdrawCloseTip: closeTip });
      return fundingOf(await get());
    },

    /** A practice book's starting balance (USDT, 6 decimals). */
    practiceStart: async (): Promise<string> => (await get()).practice.start,

    async changePracticeStart(who: AuditActor, start: string): Promise<string> {
      const what = { action: 'settings.practice_changed', subject: 'setting:practice' };
      const { after } = await change(who, what, { practice: { start } });
      return after.practice.start;
    },

    /** The member-level thresholds. */
    levels: async (): Promise<MemberLevels> => (await get()).memberLevels,

    async changeLevels(who: AuditActor, levels: MemberLevels): Promise<MemberLevels> {
      const what = { action: 'settings.levels_changed', subject: 'setting:memberLevels' };
      const { after } = await change(who, what, { memberLevels: levels });
      return after.memberLevels;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
