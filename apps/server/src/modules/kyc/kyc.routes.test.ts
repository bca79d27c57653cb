import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, dbErrorOf, testClock, type TestApp } from '../../test/harness.js';
import { signInStaff, type StaffClient } from '../../test/staff.js';
import { uploadedId } from '../uploads/testing.js';
import { idNumber, realname, realnameStatus } from './testing.js';

const code = (res: { json(): { code: number } }) => res.json().code;

describe('real-name verification: the state machine, through the API', () => {
  let t: TestApp;
  const clock = testClock();
  let reviewer: StaffClient;
  let reviewer2: StaffClient;
  let support: StaffClient;
  let auditor: StaffClient;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, env: { UPLOADS_PER_HOUR: '1000' } });
    reviewer = await signInStaff(t.app, 'kyc-rev1', 'compliance', clock.now);
    reviewer2 = await signInStaff(t.app, 'kyc-rev2', 'compliance', clock.now);
    support = await signInStaff(t.app, 'kyc-sup', 'support', clock.now);
    auditor = await signInStaff(t.app, 'kyc-aud', 'auditor', clock.now);
  });
  afterAll(() => t.close());

  let seq = 0;
  async function newUser() {
    seq++;
    const user = await signUpThroughApi(t.app, t.database.db, `kycuser${seq}`);
    const front = await uploadedId(t.app, user.token, seq * 10 + 1);
    const back = await uploadedId(t.app, user.token, seq * 10 + 2);
    return { ...user, front, back, idcard: idNumber(seq) };
  }
  const caseIdOf = async (userId: bigint) =>
    (
      await queryRows<{ id: string }>(
        t.database.db,
        sql`select id::text as id from kyc_verification where user_id = ${userId}`,
      )
    )[0]?.id ?? '';
  const claim = (who: StaffClient, id: string) =>
    who.call({ method: 'POST', url: `kyc/cases/${id}/claim`, payload: {} });
  const decide = (who: StaffClient, id: string, payload: object) =>
    who.call({ method: 'POST', url: `kyc/cases/${id}/decide`, payload });

  it('Uncertified: refuses an incomplete or invalid first submission, each with its code', async () => {
    const u = await newUser();
    const other = await newUser();
    expect((await realnameStatus(t.app, u.token)).status).toBe('uncertified');
    const full = { name: '张三', idcard: u.idcard, front: u.front, contrary: u.back };
    const cases: [object, number][] = [
      [{ ...full, name: undefined }, 8010],
      [{ ...full, idcard: '' }, 8010],
      [{ ...full, idcard: '110105199001011230' }, 8012],
      [{ ...full, idcard: u.idcard.slice(0, 17) + 'Y' }, 8012],
      [{ ...full, name: '<script>' }, 8018],
      [{ ...full, front: undefined }, 8011],
      [{ ...full, contrary: u.front }, 8017],
      // Another user's upload (BOLA), and one that does not exist.
      [{ ...full, front: other.front }, 8017],
      [{ ...full, contrary: 'A'.repeat(22) }, 8017],
    ];
    for (const [payload, expected] of cases)
      expect(code(await realname(t.app, u.token, payload)), JSON.stringify(payload)).toBe(expected);
    expect((await realnameStatus(t.app, u.token)).status).toBe('uncertified');
    // Unknown fields are refused by the contract.
    expect(code(await realname(t.app, u.token, { ...full, idType: 'passport' }))).toBe(1000);
  });

  it('the full journey: submit → decline the back → re-send the back alone → approve', async () => {
    const u = await newUser();
    const sent = await realname(t.app, u.token, {
      name: '李四',
      idcard: u.idcard.toLowerCase(),
      front: u.front,
      contrary: u.back,
    });
    expect(sent.json()).toMatchObject({
      code: 0,
      data: { status: 'pending', name: '李四', front: { status: 'pending' } },
    });
    // Masked everywhere the user sees it; the full number is in no answer.
    expect(sent.json().data.idcardMasked).toBe(
      `${u.idcard.slice(0, 4)}**********${u.idcard.slice(-4)}`,
    );
    expect(sent.body).not.toContain(u.idcard.slice(4, 14));
    // …nor in the database in the clear.
    const stored = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select * from kyc_verification where user_id = ${u.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(u.idcard.slice(4, 14));

    // Under review: nothing changes, and the attached images cannot be deleted.
    expect(code(await realname(t.app, u.token, { contrary: u.back }))).toBe(8014);
    const del = await t.app.inject({
      url: `/api/v1/common/deleteUploader?id=${u.front}`,
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(code(del)).toBe(8006);

    const id = await caseIdOf(u.id);
    // Staff: deciding needs the claim; a claim keeps the other reviewer out.
    expect(code(await decide(reviewer, id, { front: 'approve' }))).toBe(7203);
    expect(code(await claim(reviewer, id))).toBe(0);
    const taken = await claim(reviewer2, id);
    expect(taken.json()).toMatchObject({ code: 7202, data: { claimedBy: 'kyc-rev1' } });
    expect(code(await decide(reviewer2, id, { front: 'approve' }))).toBe(7203);
    // Both sides are under review: both must be decided.
    expect(code(await decide(reviewer, id, { front: 'approve' }))).toBe(7204);
    // A decline says why; an approval carries no reason.
    expect(code(await decide(reviewer, id, { front: 'approve', back: 'decline' }))).toBe(7204);
    expect(
      code(await decide(reviewer, id, { front: 'approve', frontReason: 'glare', back: 'approve' })),
    ).toBe(7204);
    const declined = await decide(reviewer, id, {
      front: 'approve',
      back: 'decline',
      backReason: 'glare',
      note: 'Light reflects on the expiry date',
    });
    expect(declined.json()).toMatchObject({
      code: 0,
      data: { status: 'declined', back: { status: 'declined', reason: 'glare' } },
    });

    // The user sees why, in their language (the code; the page says it).
    const seen = await realnameStatus(t.app, u.token);
    expect(seen).toMatchObject({
      status: 'declined',
      front: { status: 'approved', reason: null },
      back: { status: 'declined', reason: 'glare' },
      note: 'Light reflects on the expiry date',
    });

    // Declined: only the back comes again.
    const newFront = await uploadedId(t.app, u.token, 901);
    const newBack = await uploadedId(t.app, u.token, 902);
    expect(code(await realname(t.app, u.token, { front: newFront, contrary: newBack }))).toBe(8016);
    expect(code(await realname(t.app, u.token, { name: '王五', contrary: newBack }))).toBe(8016);
    expect(code(await realname(t.app, u.token, {}))).toBe(8011);
    expect(code(await realname(t.app, u.token, { contrary: u.back }))).toBe(8017);
    expect(code(await realname(t.app, u.token, { contrary: u.front }))).toBe(8017);
    // Sending the same name and number again changes nothing and is allowed.
    const resent = await realname(t.app, u.token, {
      name: '李四',
      idcard: u.idcard,
      contrary: newBack,
    });
    expect(resent.json()).toMatchObject({
      code: 0,
      data: { status: 'pending', front: { status: 'approved' }, back: { status: 'pending' } },
    });

    // Round 2: only the back is under review.
    expect(code(await claim(reviewer2, id))).toBe(0);
    expect(
      code(
        await decide(reviewer2, id, {
          front: 'approve',
          back: 'approve',
        }),
      ),
    ).toBe(7204);
    const approved = await decide(reviewer2, id, { back: 'approve' });
    expect(approved.json()).toMatchObject({
      code: 0,
      data: { status: 'approved', round: 2, decidedBy: { username: 'kyc-rev2' } },
    });
    expect((await realnameStatus(t.app, u.token)).status).toBe('approved');
    expect(await t.app.services.kyc.approvedName(u.id)).toBe('李四');

    // Approved: the user cannot change it; staff cannot decide or claim it again.
    expect(code(await realname(t.app, u.token, { contrary: newFront }))).toBe(8015);
    expect(code(await claim(reviewer, id))).toBe(7201);
    expect(code(await decide(reviewer, id, { back: 'decline', backReason: 'blurry' }))).toBe(7201);
  });

  it('declining the front lets the user correct the name and number with it', async () => {
    const u = await newUser();
    await realname(t.app, u.token, {
      name: '赵六',
      idcard: u.idcard,
      front: u.front,
      contrary: u.back,
    });
    const id = await caseIdOf(u.id);
    await claim(reviewer, id);
    const res = await decide(reviewer, id, {
      front: 'decline',
      frontReason: 'mismatch',
      back: 'decline',
      backReason: 'cut_off',
    });
    expect(res.json().data).toMatchObject({ status: 'declined' });
    expect(await t.app.services.kyc.approvedName(u.id)).toBeNull();
    // Both sides declined: both must come again.
    const front = await uploadedId(t.app, u.token, 701);
    expect(code(await realname(t.app, u.token, { front }))).toBe(8011);
    const back = await uploadedId(t.app, u.token, 702);
    const corrected = idNumber(500);
    const again = await realname(t.app, u.token, {
      name: '赵六一',
      idcard: corrected,
      front,
      contrary: back,
    });
    expect(again.json().data).toMatchObject({
      status: 'pending',
      name: '赵六一',
      idcardMasked: `${corrected.slice(0, 4)}**********${corrected.slice(-4)}`,
    });
  });

  it('an ID number is unique across users', async () => {
    const a = await newUser();
    const b = await newUser();
    expect(
      code(
        await realname(t.app, a.token, {
          name: '甲',
          idcard: a.idcard,
          front: a.front,
          contrary: a.back,
        }),
      ),
    ).toBe(0);
    expect(
      code(
        await realname(t.app, b.token, {
          name: '乙',
          idcard: a.idcard,
          front: b.front,
          contrary: b.back,
        }),
      ),
    ).toBe(8013);
    // B sees only B's (uncertified) verification, never A's.
    expect((await realnameStatus(t.app, b.token)).status).toBe('uncertified');
  });

  it('a claim lapses after 15 minutes, and then another reviewer may take the case', async () => {
    const u = await newUser();
    await realname(t.app, u.token, {
      name: '孙七',
      idcard: u.idcard,
      front: u.front,
      contrary: u.back,
    });
    const id = await caseIdOf(u.id);
    expect(code(await claim(reviewer, id))).toBe(0);
    expect(code(await claim(reviewer2, id))).toBe(7202);
    clock.advance(15 * 60_000 + 1000);
    expect(code(await claim(reviewer2, id))).toBe(0);
    expect(
      code(
        await decide(reviewer, id, {
          front: 'approve',
          back: 'approve',
        }),
      ),
    ).toBe(7203);
  });

  it('races: two reviewers claiming at once → one holds it; two decisions at once → one applies', async () => {
    const auditOf = (id: string) =>
      queryRows<{ action: string; actor: string }>(
        t.database.db,
        sql`select action, actor from audit_log where subject = ${`kyc:${id}`} order by id`,
      );
    for (let round = 0; round < 4; round++) {
      const u = await newUser();
      await realname(t.app, u.token, {
        name: '周八',
        idcard: u.idcard,
        front: u.front,
        contrary: u.back,
      });
      const id = await caseIdOf(u.id);
      // Alternate who asks first so neither side is favoured by the order of the requests.
      const [a, b] = round % 2 === 0 ? [reviewer, reviewer2] : [reviewer2, reviewer];
      const claims = await Promise.all([claim(a, id), claim(b, id)]);
      const [first, second] = claims.map(code);
      expect([first, second].sort()).toEqual([0, 7202]);
      const winner = first === 0 ? a : b;
      const loser = winner === a ? b : a;
      const loserAnswer = claims.find((r) => code(r) === 7202);
      expect(loserAnswer?.json().data.claimedBy).toBe(
        winner === reviewer ? 'kyc-rev1' : 'kyc-rev2',
      );
      // Exactly one claim was recorded, by the holder.
      const claimsAudited = (await auditOf(id)).filter((r) => r.action === 'kyc.claimed');
      expect(claimsAudited).toHaveLength(1);

      // The holder sends its decision twice at once (a double click), and the other reviewer
      // tries too: one applies, the rest are refused, and the case moves once.
      const body =
        round % 2 === 0
          ? { front: 'approve', back: 'approve' }
          : { front: 'approve', back: 'decline', backReason: 'glare' };
      const decisions = await Promise.all([
        decide(winner, id, body),
        decide(winner, id, body),
        decide(loser, id, body),
      ]);
      const decided = decisions.map(code);
      expect(decided.filter((c) => c === 0)).toHaveLength(1);
      // The holder's second try finds the case decided (7201); the other never held the claim (7203)
      // — or, if it ran first, the case was still pending and unclaimed by it.
      expect(decided.slice(0, 2).sort()).toEqual([0, 7201]);
      expect([7201, 7203]).toContain(decided[2]);
      const decisionsAudited = (await auditOf(id)).filter((r) => r.action !== 'kyc.claimed');
      expect(decisionsAudited).toHaveLength(1);
      expect(decisionsAudited[0]?.action).toBe(round % 2 === 0 ? 'kyc.approved' : 'kyc.declined');
      const status = await realnameStatus(t.app, u.token);
      expect(status.status).toBe(round % 2 === 0 ? 'approved' : 'declined');
      const [row] = await queryRows<{ round: number }>(
        t.database.db,
        sql`select round from kyc_verification where id = ${BigInt(id)}`,
      );
      expect(row?.round).toBe(1);
    }
  });

  it('lists the queue oldest first with numbers masked; the case shows the number and images', async () => {
    const list = await reviewer.call({ url: 'kyc/cases' });
    const items = list.json().data.items as {
      id: string;
      submittedAt: string;
      idcardMasked: string;
    }[];
    expect(items.length).toBeGreaterThan(0);
    const times = items.map((i) => i.submittedAt);
    expect([...times].sort()).toEqual(times);
    for (const item of items) expect(item.idcardMasked).toMatch(/^\d{4}\*{10}[\dX]{4}$/);
    const first = items[0];
    if (!first) throw new Error('empty queue');
    const detail = (await auditor.call({ url: `kyc/cases/${first.id}` })).json().data;
    expect(detail.idcard).toMatch(/^\d{17}[\dX]$/);
    const image = await t.app.inject({ url: detail.frontImage.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const queue = (await reviewer.call({ url: 'dashboard' })).json().data.queues;
    expect(queue).toContainEqual(expect.objectContaining({ name: 'kyc', count: items.length }));
  });

  it('staff without the permission are refused; the auditor reads but cannot review', async () => {
    expect((await support.call({ url: 'kyc/cases' })).statusCode).toBe(403);
    const list = (await auditor.call({ url: 'kyc/cases' })).json().data.items as { id: string }[];
    const id = list[0]?.id ?? '1';
    expect((await claim(auditor, id)).statusCode).toBe(403);
    expect(code(await reviewer.call({ url: 'kyc/cases/999999' }))).toBe(7200);
  });

  it('the database refuses a state the machine cannot reach', async () => {
    const u = await newUser();
    await realname(t.app, u.token, {
      name: '周八',
      idcard: u.idcard,
      front: u.front,
      contrary: u.back,
    });
    const id = await caseIdOf(u.id);
    const message = await dbErrorOf(
      t.database.db.execute(
        sql`update kyc_verification set status = 'approved', decided_at = now(), decided_by = ${reviewer.id}::bigint where id = ${id}::bigint`,
      ),
    );
    expect(message).toMatch(/kyc_verification_sides/);
    const reasonless = await dbErrorOf(
      t.database.db.execute(
        sql`update kyc_verification set back_status = 'declined' where id = ${id}::bigint`,
      ),
    );
    expect(reasonless).toMatch(/kyc_verification_(reasons|sides)/);
  });
});
