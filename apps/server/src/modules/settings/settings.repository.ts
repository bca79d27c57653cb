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

    async put(key: string, value: unknown): Promise<void> {
      await db
        .insert(systemSetting)
        .values({ key, value })
        .onConflictDoUpdate({ target: systemSetting.key, set: { value, updatedAt: new Date() } });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
