import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { systemSetting } from '../../db/schema.js';

export function createSettingsRepository(db: Db) {
  return {
    async all(): Promise<Record<string, unknown>> {
      const rows = await db
        .select({ key: systemSetting.key, value: systemSetting.value })
        .from(systemSetting);
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    },

    async some(keys: readonly string[]): Promise<Record<string, unknown>> {
      if (keys.length === 0) return {};
      const rows = await db
        .select({ key: systemSetting.key, value: systemSetting.value })
        .from(systemSetting)
        .where(inArray(systemSetting.key, [...keys]));
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    },

    /**
     * Orders the writers of settings for the rest of the transaction, so each reads the values
     * the one before it wrote (a row that does not exist yet cannot be locked). Readers are not
     * held up: plain reads take a lock this mode does not conflict with.
     */
    async lockWriters(): Promise<void> {
      await db.execute(sql`lock table ${systemSetting} in share row exclusive mode`);
    },

    async put(key: string, value: unknown): Promise<void> {
      await db
        .insert(systemSetting)
        .values({ key, value })
        .onConflictDoUpdate({ target: systemSetting.key, set: { value, updatedAt: new Date() } });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
