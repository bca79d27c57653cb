import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { photoJpeg, solidWebp, uploadAs, uploadedId, multipart } from './testing.js';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('uploads: who may see and delete what', () => {
  let t: TestApp;
  const clock = testClock();
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, env: { UPLOAD_URL_TTL_S: '60' } });
    alice = (await signUpThroughApi(t.app, t.database.db, 'alice1')).token;
    bob = (await signUpThroughApi(t.app, t.database.db, 'bob1')).token;
  });
  afterAll(() => t.close());

  it('answers the stored image with a signed address, and takes WebP and PNG too', async () => {
    const res = await uploadAs(t.app, alice, await solidWebp(), { filename: 'a.webp' });
    const body = res.json();
    expect(body).toMatchObject({ code: 0, data: { mime: 'image/jpeg', width: 320, height: 200 } });
    expect(body.data.url).toMatch(/^\/api\/v1\/common\/file\/[A-Za-z0-9_-]{22}\?exp=\d+&sig=/);
    const served = await t.app.inject({ url: body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(body.data.bytes);
  });

  it('refuses an upload without a session, and a request without a file', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/common/uploader',
      ...(() => {
        const m = multipart([{ name: 'file', data: Buffer.from('x'), filename: 'a.jpg' }]);
        return { headers: { 'content-type': m.contentType }, payload: m.body };
      })(),
    });
    expect(anonymous.statusCode).toBe(401);
    const m = multipart([{ name: 'purpose', data: 'kyc' }]);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/common/uploader',
      headers: { ...auth(alice), 'content-type': m.contentType },
      payload: m.body,
    });
    expect(empty.json().code).toBe(8008);
    const purpose = await uploadAs(t.app, alice, await photoJpeg(), {
      extra: [{ name: 'purpose', data: 'avatar' }],
    });
    expect(purpose.json().code).toBe(1000);
  });

  it('refuses an expired, altered or re-pointed signed address', async () => {
    const id = await uploadedId(t.app, alice);
    const other = await uploadedId(t.app, alice, 2);
    const { url } = t.app.services.uploads.signed(id);
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    const sig = new URL(url, 'http://x').searchParams.get('sig') ?? '';
    const exp = new URL(url, 'http://x').searchParams.get('exp') ?? '';
    // Another file with this signature, a later expiry with it, no signature: refused.
    for (const bad of [
      `/api/v1/common/file/${other}?exp=${exp}&sig=${sig}`,
      `/api/v1/common/file/${id}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/api/v1/common/file/${id}?exp=${exp}&sig=${'A'.repeat(sig.length)}`,
    ]) {
      const res = await t.app.inject({ url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().code).toBe(8007);
    }
    expect((await t.app.inject({ url: `/api/v1/common/file/${id}` })).statusCode).toBe(400);
    clock.advance(61_000);
    const expired = await t.app.inject({ url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe(8007);
  });

  it('lets only the owner delete an upload (another user gets "not found")', async () => {
    const id = await uploadedId(t.app, alice, 3);
    const file = path.join(t.dataDir, 'uploads', id.slice(0, 2), id);
    expect(fs.existsSync(file)).toBe(true);
    const byBob = await t.app.inject({
      url: `/api/v1/common/deleteUploader?id=${id}`,
      headers: auth(bob),
    });
    expect(byBob.json().code).toBe(8005);
    expect(fs.existsSync(file)).toBe(true);
    const byAlice = await t.app.inject({
      url: `/api/v1/common/deleteUploader?id=${id}`,
      headers: auth(alice),
    });
    expect(byAlice.json()).toMatchObject({ code: 0, data: { id } });
    expect(fs.existsSync(file)).toBe(false);
    const again = await t.app.inject({
      url: `/api/v1/common/deleteUploader?id=${id}`,
      headers: auth(alice),
    });
    expect(again.json().code).toBe(8005);
    const served = await t.app.inject({ url: t.app.services.uploads.signed(id).url });
    expect(served.json().code).toBe(8005);
  });
});

describe('uploads: per-user rate and quota', () => {
  let t: TestApp;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({
      now: clock.now,
      env: { UPLOADS_PER_HOUR: '3', UPLOAD_QUOTA_BYTES: '400000' },
    });
  });
  afterAll(() => t.close());

  it('refuses the upload after the hourly count, for that user only, until the hour passes', async () => {
    const { token } = await signUpThroughApi(t.app, t.database.db, 'rate1');
    const other = (await signUpThroughApi(t.app, t.database.db, 'rate2')).token;
    const small = await solidWebp(64, 64);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await uploadAs(t.app, token, small)).json().data.id);
    // Deleting does not give the count back.
    await t.app.inject({ url: `/api/v1/common/deleteUploader?id=${ids[0]}`, headers: auth(token) });
    const last = await uploadAs(t.app, token, small);
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe(8003);
    expect((await uploadAs(t.app, other, small)).json().code).toBe(0);
    clock.advance(3_601_000);
    expect((await uploadAs(t.app, token, small)).json().code).toBe(0);
  });

  it('refuses what would pass the storage quota; deleting frees it', async () => {
    const { token } = await signUpThroughApi(t.app, t.database.db, 'quota1');
    const ids: string[] = [];
    let refused;
    for (let i = 0; i < 3 && !refused; i++) {
      const res = await uploadAs(t.app, token, await photoJpeg(600, 400, 10 + i));
      if (res.json().code === 0) ids.push(res.json().data.id);
      else refused = res.json();
    }
    expect(refused?.code).toBe(8004);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids)
      await t.app.inject({ url: `/api/v1/common/deleteUploader?id=${id}`, headers: auth(token) });
    expect((await uploadAs(t.app, token, await photoJpeg(600, 400, 20))).json().code).toBe(0);
  });

  it('holds the hourly count under concurrent uploads', async () => {
    clock.advance(3_601_000);
    const { token } = await signUpThroughApi(t.app, t.database.db, 'race1');
    const small = await solidWebp(48, 48);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => uploadAs(t.app, token, small)),
    );
    const codes = results.map((r) => r.json<{ code: number }>().code).sort();
    expect(codes).toEqual([0, 0, 0, 8003, 8003, 8003]);
  });
});
