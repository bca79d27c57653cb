import { baseConfigSchema, agreementSchema, LOCALE_KEYS } from '@ampere/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../config/env.js';
import { SERVER_MESSAGES } from '../../i18n/index.js';
import { AGREEMENT_VERSION_DATE, seedAgreement } from '../content/agreements.js';
import { createSettingsRepository } from '../settings/settings.repository.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

describe('GET /api/v1/common/base', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ALLOWED_HOSTS: 'app.test,localhost' } });
  });
  afterAll(() => t.close());

  it('answers code 0 with the full config', async () => {
    const before = Date.now();
    const res = await t.app.inject({
      url: '/api/v1/common/base',
      headers: { host: 'app.test:8080' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    const config = baseConfigSchema.parse(body.data);
    expect(config.version).toBe('1.0.1');
    expect(config.wss).toBe('ws://app.test:8080/api/v1/ws');
    expect(config.Black_run).toBe('http://app.test:8080/#/app/pages/common/limitPage');
    expect(config.currencies).toEqual([
      { key: 'money', name: 'CNY' },
      { key: 'usdt', name: 'USDT' },
    ]);
    expect(config.language).toBe('en-US');
    expect(config.rechargeOpen).toBe(true);
    expect(config.withdrawOpen).toBe(true);
    expect(config.feedSimulated).toBe(true);
    expect(config.serverTime).toBeGreaterThanOrEqual(before);
  });

  it('reflects operator settings', async () => {
    const repo = createSettingsRepository(t.database.db);
    await repo.put('rechargeOpen', false);
    await repo.put('blackRunUrl', 'https://help.example/blocked');
    // The settings cache lives 2 s; a new app instance reads fresh values.
    const fresh = await createTestAppOn(t);
    const config = baseConfigSchema.parse(
      (await fresh.inject({ url: '/api/v1/common/base' })).json().data,
    );
    expect(config.rechargeOpen).toBe(false);
    expect(config.withdrawOpen).toBe(true);
    expect(config.Black_run).toBe('https://help.example/blocked');
    await fresh.close();
  });

  it('accepts the lang and cache-busting query every client request carries', async () => {
    const res = await t.app.inject({ url: '/api/v1/common/base?lang=de&_t=1700000000000' });
    expect(res.json().code).toBe(0);
  });

  it('refuses unknown query fields with a localized field-level error', async () => {
    const res = await t.app.inject({ url: '/api/v1/common/base?lang=de&debug=1' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(1000);
    expect(body.data.issues).toEqual([
      {
        field: 'debug',
        msg: SERVER_MESSAGES.de.validation.unknown_field.replace('{{field}}', 'debug'),
      },
    ]);
  });
});

describe('GET /api/v1/common/base with PUBLIC_URL', () => {
  it('builds the socket and Black_run addresses from PUBLIC_URL', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://ampere.example' } });
    try {
      const config = baseConfigSchema.parse(
        (await t.app.inject({ url: '/api/v1/common/base' })).json().data,
      );
      expect(config.wss).toBe('wss://ampere.example/api/v1/ws');
      expect(config.Black_run).toBe('https://ampere.example/#/app/pages/common/limitPage');
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/v1/common/userServiceAgreement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(LOCALE_KEYS)('serves the agreement in %s', async (locale) => {
    const res = await t.app.inject({
      url: `/api/v1/common/userServiceAgreement?lang=${locale}`,
    });
    const agreement = agreementSchema.parse(res.json().data);
    expect(agreement.locale).toBe(locale);
    expect(agreement.title).toBe(SERVER_MESSAGES[locale].agreement.title);
    expect(agreement.body.length).toBeGreaterThan(200);
    // The shipped version's date, not the time this server first started.
    expect(agreement.updatedAt).toBe(AGREEMENT_VERSION_DATE.toISOString());
    expect(agreement.version).toBe(1);
  });

  it('serves the shipped plain text as paragraphs, every character escaped', async () => {
    const res = await t.app.inject({ url: '/api/v1/common/userServiceAgreement?lang=en-US' });
    const { body } = agreementSchema.parse(res.json().data);
    expect(body.startsWith('<p>1. About this agreement<br />This agreement is between you')).toBe(
      true,
    );
    expect(body.match(/<p>/g)).toHaveLength(9);
    expect(body).not.toMatch(/<(?!\/?p>|br \/>)/);
  });

  it('seeds version 1 again at every start without replacing a word', async () => {
    const before = (await t.app.inject({ url: '/api/v1/common/userServiceAgreement' })).json();
    await seedAgreement(t.database.db);
    await seedAgreement(t.database.db);
    const after = (await t.app.inject({ url: '/api/v1/common/userServiceAgreement' })).json();
    expect(after).toEqual(before);
  });

  it('prefers the language header over the lang query', async () => {
    const res = await t.app.inject({
      url: '/api/v1/common/userServiceAgreement?lang=de',
      headers: { language: 'ja' },
    });
    expect(res.json().data.locale).toBe('ja');
  });

  it('maps regional tags and falls back to English', async () => {
    const zhTw = await t.app.inject({
      url: '/api/v1/common/userServiceAgreement',
      headers: { language: 'zh-TW' },
    });
    expect(zhTw.json().data.locale).toBe('zh-Hant');
    const unknown = await t.app.inject({
      url: '/api/v1/common/userServiceAgreement',
      headers: { language: 'xx' },
    });
    expect(unknown.json().data.locale).toBe('en-US');
  });
});

/** A second app on the same database, for reading settings without the first one's cache. */
async function createTestAppOn(t: TestApp) {
  const app = await buildApp({ env: loadEnv({ LOG_LEVEL: 'silent' }), database: t.database });
  await app.ready();
  return app;
}
