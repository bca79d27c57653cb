import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealedBox } from '../../crypto/sealed.js';
import { queryRows } from '../../db/client.js';
import { SERVER_MESSAGES } from '../../i18n/index.js';
import { signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';
import { uploadedId } from '../uploads/testing.js';
import { idNumber, realname, realnameStatus } from './testing.js';

const code = (res: { json(): { code: number } }) => res.json().code;

describe('real-name verification with other documents (the kycDocTypes setting), through the API', () => {
  let t: TestApp;
  const clock = testClock();
  let compliance: StaffClient;
  let support: StaffClient;
  let auditor: StaffClient;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, env: { UPLOADS_PER_HOUR: '1000' } });
    compliance = await signInStaff(t.app, 'doc-comp', 'compliance', clock.now);
    support = await signInStaff(t.app, 'doc-sup', 'support', clock.now);
    auditor = await signInStaff(t.app, 'doc-aud', 'auditor', clock.now);
  });
  afterAll(() => t.close());

  let seq = 0;
  async function newUser() {
    seq++;
    const user = await signUpThroughApi(t.app, t.database.db, `docuser${seq}`);
    const front = await uploadedId(t.app, user.token, seq * 10 + 1);
    const back = await uploadedId(t.app, user.token, seq * 10 + 2);
    return { ...user, front, back };
  }
  const setDocTypes = (who: StaffClient, docTypes: string[]) =>
    who.call({ method: 'POST', url: 'kyc/settings?lang=en-US', payload: { docTypes } });
  const lastAuditId = async () =>
    (
      await queryRows<{ id: string }>(
        t.database.db,
        sql`select coalesce(max(id), 0)::text as id from audit_log`,
      )
    )[0]?.id ?? '0';
  const caseIdOf = async (userId: bigint) =>
    (
      await queryRows<{ id: string }>(
        t.database.db,
        sql`select id::text as id from kyc_verification where user_id = ${userId}`,
      )
    )[0]?.id ?? '';
  const declineBoth = async (userId: bigint, frontDecision = 'decline') => {
    const id = await caseIdOf(userId);
    await compliance.call({ method: 'POST', url: `kyc/cases/${id}/claim`, payload: {} });
    const res = await compliance.call({
      method: 'POST',
      url: `kyc/cases/${id}/decide`,
      payload: {
        front: frontDecision,
        ...(frontDecision === 'decline' ? { frontReason: 'not_id_card' } : {}),
        back: 'decline',
        backReason: 'blurry',
      },
    });
    expect(res.json().data.status).toBe('declined');
  };

  it('offers the PRC ID card alone by default; without docType a submission is one, as before', async () => {
    const u = await newUser();
    const before = await realnameStatus(t.app, u.token);
    expect(before).toMatchObject({ status: 'uncertified', docType: null, docTypes: ['prc_id'] });
    const idcard = idNumber(1);
    const res = await realname(t.app, u.token, {
      name: '王五',
      idcard,
      front: u.front,
      contrary: u.back,
    });
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        status: 'pending',
        docType: 'prc_id',
        idcardMasked: '1101**********' + idcard.slice(-4),
      },
    });
    // The number's hash is the one it had before there were document types: rows made then
    // (their doc_type defaulted to prc_id by the migration) still hold their numbers.
    const box = createSealedBox({ key: undefined, dataDir: t.dataDir });
    const [row] = await queryRows<{ doc_type: string; idcard_hash: string }>(
      t.database.db,
      sql`select doc_type, idcard_hash from kyc_verification where user_id = ${u.id}`,
    );
    expect(row).toEqual({ doc_type: 'prc_id', idcard_hash: box.mac('kyc-idcard', idcard) });
    // And docType named explicitly is the same thing.
    const v = await newUser();
    expect(
      code(
        await realname(t.app, v.token, {
          docType: 'prc_id',
          name: '王五',
          idcard,
          front: v.front,
          contrary: v.back,
        }),
      ),
    ).toBe(8013);
  });

  it('refuses a type that is not offered, in the user’s language; compliance enables it, audited', async () => {
    const u = await newUser();
    const passport = {
      docType: 'passport',
      name: 'Anna Müller',
      idcard: 'c01x00t47',
      front: u.front,
      contrary: u.back,
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/realnameAuth?lang=zh-Hans',
      headers: { authorization: `Bearer ${u.token}` },
      payload: passport,
    });
    expect(refused.json()).toMatchObject({
      code: 8019,
      msg: SERVER_MESSAGES['zh-Hans'].errors.kyc_doc_type_disabled,
    });
    expect(refused.statusCode).toBe(400);
    // An unknown type is not a type at all.
    expect(code(await realname(t.app, u.token, { ...passport, docType: 'driving_licence' }))).toBe(
      1000,
    );

    // Only compliance changes the setting; the auditor and support read it at most.
    expect((await auditor.call({ url: 'kyc/settings' })).json().data).toEqual({
      docTypes: ['prc_id'],
    });
    expect((await support.call({ url: 'kyc/settings' })).statusCode).toBe(403);
    for (const who of [support, auditor])
      expect((await setDocTypes(who, ['prc_id', 'passport'])).statusCode).toBe(403);
    // None at all is refused; so is an unknown type.
    expect((await setDocTypes(compliance, [])).json()).toMatchObject({
      code: 7205,
      msg: SERVER_MESSAGES['en-US'].errors.kyc_doc_types_empty,
    });
    expect(code(await setDocTypes(compliance, ['prc_id', 'visa']))).toBe(1000);

    const mark = await lastAuditId();
    // Repeats and order do not matter: the list comes back in the contract's order.
    const enabled = await setDocTypes(compliance, [
      'hk_macau_permit',
      'passport',
      'prc_id',
      'passport',
    ]);
    expect(enabled.json()).toEqual(
      expect.objectContaining({
        code: 0,
        data: { docTypes: ['prc_id', 'passport', 'hk_macau_permit'] },
      }),
    );
    const audit = await queryRows<{
      actor: string;
      action: string;
      subject: string;
      detail: unknown;
    }>(
      t.database.db,
      sql`select actor, action, subject, detail from audit_log where id > ${mark}::bigint order by id`,
    );
    expect(audit).toEqual([
      expect.objectContaining({
        actor: 'staff:doc-comp',
        action: 'kyc.doc_types_changed',
        subject: 'setting:kycDocTypes',
        detail: expect.objectContaining({
          before: { kycDocTypes: ['prc_id'] },
          after: { kycDocTypes: ['prc_id', 'passport', 'hk_macau_permit'] },
        }),
      }),
    ]);

    // The page is told at once (this process dropped its copy), and the passport goes through.
    expect((await realnameStatus(t.app, u.token)).docTypes).toEqual([
      'prc_id',
      'passport',
      'hk_macau_permit',
    ]);
    const sent = await realname(t.app, u.token, passport);
    expect(sent.json()).toMatchObject({
      code: 0,
      data: { status: 'pending', docType: 'passport', idcardMasked: 'C0*****47' },
    });
    expect(sent.body).not.toContain('C01X00T47');

    // The back office sees the type with each case; the reviewer the whole normalized number.
    const list = (await compliance.call({ url: 'kyc/cases' })).json().data.items as {
      id: string;
      docType: string;
      idcardMasked: string;
    }[];
    const item = list.find((i) => i.idcardMasked === 'C0*****47');
    expect(item?.docType).toBe('passport');
    const detail = (await compliance.call({ url: `kyc/cases/${item?.id ?? ''}` })).json().data;
    expect(detail).toMatchObject({ docType: 'passport', idcard: 'C01X00T47' });
  });

  it('checks each number by its type’s rule', async () => {
    await setDocTypes(compliance, ['prc_id', 'passport', 'hk_macau_permit', 'taiwan_permit']);
    const u = await newUser();
    const base = { name: 'Chan Tai Man', front: u.front, contrary: u.back };
    const cases: [string, string, number][] = [
      ['passport', 'E1234', 8021],
      ['passport', 'E1234-5678', 8021],
      ['hk_macau_permit', 'T12345678', 8022],
      ['hk_macau_permit', 'H123456789', 8022],
      ['taiwan_permit', '1234567', 8023],
      ['taiwan_permit', '830000199001010014', 8023],
      ['prc_id', 'H12345678', 8012],
    ];
    for (const [docType, idcard, expected] of cases)
      expect(code(await realname(t.app, u.token, { ...base, docType, idcard })), idcard).toBe(
        expected,
      );
    expect((await realnameStatus(t.app, u.token)).status).toBe('uncertified');
    const ok = await realname(t.app, u.token, {
      ...base,
      docType: 'hk_macau_permit',
      idcard: 'h 1234 5678 01',
    });
    expect(ok.json().data).toMatchObject({
      docType: 'hk_macau_permit',
      idcardMasked: 'H1*******01',
    });
    const w = await newUser();
    const tw = await realname(t.app, w.token, {
      name: '陳大文',
      docType: 'taiwan_permit',
      idcard: '0123 4567',
      front: w.front,
      contrary: w.back,
    });
    expect(tw.json().data).toMatchObject({ docType: 'taiwan_permit', idcardMasked: '01****67' });
  });

  it('a passport number is unique across users; the same characters as another document are not', async () => {
    await setDocTypes(compliance, ['prc_id', 'passport', 'hk_macau_permit']);
    const a = await newUser();
    const b = await newUser();
    const c = await newUser();
    const send = (u: Awaited<ReturnType<typeof newUser>>, docType: string, idcard: string) =>
      realname(t.app, u.token, {
        docType,
        name: 'Li Wei',
        idcard,
        front: u.front,
        contrary: u.back,
      });
    expect(code(await send(a, 'passport', 'H87654321'))).toBe(0);
    // Written differently, normalized the same: the same passport.
    expect(code(await send(b, 'passport', 'h 8765 4321'))).toBe(8013);
    expect((await realnameStatus(t.app, b.token)).status).toBe('uncertified');
    // A Hong Kong permit that happens to read the same is another document.
    expect(code(await send(c, 'hk_macau_permit', 'H87654321'))).toBe(0);
  });

  it('after a decline: the type stays unless both sides were declined; a case goes on after its type is withdrawn', async () => {
    await setDocTypes(compliance, ['prc_id', 'passport', 'hk_macau_permit']);
    const u = await newUser();
    expect(
      code(
        await realname(t.app, u.token, {
          docType: 'passport',
          name: 'Wong Ka Yan',
          idcard: 'K1234567',
          front: u.front,
          contrary: u.back,
        }),
      ),
    ).toBe(0);
    // Front approved, back declined: the document is the one reviewed; the type cannot change.
    await declineBoth(u.id, 'approve');
    const back = await uploadedId(t.app, u.token, 901);
    expect(
      code(
        await realname(t.app, u.token, {
          docType: 'hk_macau_permit',
          idcard: 'H12340000',
          contrary: back,
        }),
      ),
    ).toBe(8020);
    // Passports withdrawn from the offer: this case still goes on as a passport.
    await setDocTypes(compliance, ['prc_id', 'hk_macau_permit']);
    const again = await realname(t.app, u.token, { contrary: back });
    expect(again.json()).toMatchObject({
      code: 0,
      data: { docType: 'passport', status: 'pending' },
    });
    const v = await newUser();
    expect(
      code(
        await realname(t.app, v.token, {
          docType: 'passport',
          name: 'Wong Ka Yan',
          idcard: 'K7654321',
          front: v.front,
          contrary: v.back,
        }),
      ),
    ).toBe(8019);

    // Both sides declined: another document, with its number and both sides.
    await realname(t.app, v.token, {
      name: '王小明',
      idcard: idNumber(40),
      front: v.front,
      contrary: v.back,
    });
    await declineBoth(v.id);
    const front2 = await uploadedId(t.app, v.token, 911);
    const back2 = await uploadedId(t.app, v.token, 912);
    const change = { docType: 'hk_macau_permit', front: front2, contrary: back2 };
    expect(code(await realname(t.app, v.token, change))).toBe(8010);
    expect(
      code(await realname(t.app, v.token, { ...change, docType: 'passport', idcard: 'K7654321' })),
    ).toBe(8019);
    expect(code(await realname(t.app, v.token, { ...change, idcard: idNumber(40) }))).toBe(8022);
    const changed = await realname(t.app, v.token, { ...change, idcard: 'M12345678' });
    expect(changed.json()).toMatchObject({
      code: 0,
      data: {
        status: 'pending',
        docType: 'hk_macau_permit',
        name: '王小明',
        idcardMasked: 'M1*****78',
      },
    });
  });
});
