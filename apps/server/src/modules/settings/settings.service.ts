import { localeKeySchema } from '@ampere/contract';
import { z } from 'zod';
import type { SettingsRepository } from './settings.repository.js';

/**
 * Operator switches. A missing row means the default; a stored value that no longer parses is
 * ignored (and the default used) rather than taking the whole config endpoint down.
 */
export const SETTINGS = {
  appName: z.string().min(1).max(64).default('Ampere'),
  defaultLanguage: localeKeySchema.default('en-US'),
  rechargeOpen: z.boolean().default(true),
  withdrawOpen: z.boolean().default(true),
  /** Where a disabled account is sent; empty means our own "access restricted" page. */
  blackRunUrl: z.string().max(2048).default(''),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type Settings = { [K in SettingKey]: z.infer<(typeof SETTINGS)[K]> };

/** How long a read is reused: config is read on every app launch, and changes are rare. */
const CACHE_MS = 2_000;

export function createSettingsService(repo: SettingsRepository, now: () => number = Date.now) {
  let cached: { at: number; value: Settings } | undefined;

  function parse(stored: Record<string, unknown>): Settings {
    const entries = Object.entries(SETTINGS).map(([key, schema]) => {
      const parsed = schema.safeParse(stored[key]);
      return [key, parsed.success ? parsed.data : schema.parse(undefined)];
    });
    return Object.fromEntries(entries) as Settings;
  }

  return {
    async get(): Promise<Settings> {
      if (cached && now() - cached.at < CACHE_MS) return cached.value;
      const value = parse(await repo.all());
      cached = { at: now(), value };
      return value;
    },

    async set<K extends SettingKey>(key: K, value: Settings[K]): Promise<void> {
      await repo.put(key, SETTINGS[key].parse(value));
      cached = undefined;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
