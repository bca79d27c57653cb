import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../../test/harness.js';
import { signInStaff, type StaffClient } from '../../../test/staff.js';
import { photoJpeg, uploadAs, uploadedId } from '../../uploads/testing.js';
import { upload } from '../../uploads/uploads.schema.js';
import {
  codeOf,
  data,
  fundingUser,
  newKey,
  receivingAccount,
  type FundingUser,
} from '../test/api.js';

interface Proof {
  url: string;
  urlExpiresAt: string;
}

/**
 * A bank recharge's optional transfer receipt (docs/funding.md, "Bank recharge"), through the
 * real server: uploaded with purpose `recharge_proof`, attached by the recharge, then the
 * owner's to see and finance's, and nobody's to delete or attach again.
 */
describe('bank recharge with a transfer receipt', () => {
  let t: TestApp;
  const clock = testClock();
  let finance: StaffClient;
  let support: StaffClient;
  let alice: FundingUser;
  let mallory: FundingUser;
  let accountId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    finance = await signInStaff(t.app, 'proof-fin', 'finance', clock.now);
    support = await signInStaff(t.app, 'proof-support', 'support', clock.now);
    alice = await fundingUser(t.app, t.database.db, 'proofalice');
    mallory = await fundingUser(t.app, t.database.db, 'proofmallory');
    accountId = await receivingAccount(finance);
  });
  afterAll(() => t.close());

  /** An upload of `who`'s with purpose `recharge_proof`; its id. */
  async function receipt(who: FundingUser, seed: number): Promise<string> {
    const res = await uploadAs(t.app, who.token, await photoJpeg(400, 600, seed), {
      extra: [{ name: 'purpose', data: 'recharge_proof' }],
    });
    return data<{ id: string }>(res).id;
  }

  const recharge = (who: FundingUser, extra: object, key = newKey()) =>
    who.post(
      'user/recharge',
      { accountId, amount: '500.00', payerName: 'Alice Li', reference: 'TX-PROOF', ...extra },
      key,
    );

  const fetchImage = (url: string) => t.app.inject({ method: 'GET', url });

  it('attaches the user’s own receipt; the owner and finance see it, signed', async () => {
    const proof = await receipt(alice, 1);
    const key = newKey();
    const made = data<{ id: string; proof: Proof | null }>(await recharge(alice, { proof }, key));
    expect(made.proof?.url).toMatch(new RegExp(`^/api/v1/common/file/${proof}\\?exp=\\d+&sig=`));
    // A replay answers the same record with the same receipt.
    const again = data<{ id: string; proof: Proof | null }>(await recharge(alice, { proof }, key));
    expect(again.id).toBe(made.id);

    const detail = data<{ proof: Proof | null }>(
      await alice.get(`user/rechargeDetail?id=${made.id}`),
    );
    const image = await fetchImage(detail.proof?.url ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    // Finance (funding.read) sees it in the queue and on the record.
    const queue = data<{ items: { id: string; proof: Proof | null }[] }>(
      await finance.call({ method: 'GET', url: 'funding/recharges?status=pending' }),
    );
    const queued = queue.items.find((i) => i.id === made.id);
    expect(queued?.proof?.url).toContain(`/common/file/${proof}?`);
    const one = data<{ proof: Proof | null }>(
      await finance.call({ method: 'GET', url: `funding/recharges/${made.id}` }),
    );
    expect((await fetchImage(one.proof?.url ?? '')).statusCode).toBe(200);
    // Support has no funding.read: neither the record nor its image's address.
    expect(
      (await support.call({ method: 'GET', url: `funding/recharges/${made.id}` })).json(),
    ).toMatchObject({ code: 403 });
  });

  it('keeps an attached receipt: its owner cannot delete it, no other recharge can take it', async () => {
    const proof = await receipt(alice, 2);
    const made = data<{ id: string }>(await recharge(alice, { proof }));
    const del = await alice.get(`common/deleteUploader?id=${proof}`);
    expect(codeOf(del)).toBe(8006);
    // Still there, attached to the recharge.
    const [stored] = await t.database.db.select().from(upload).where(eq(upload.id, proof));
    expect(stored).toMatchObject({ deletedAt: null, attachedTo: `recharge:${made.id}` });
    const second = await recharge(alice, { proof });
    expect(codeOf(second)).toBe(5030);
    expect(second.statusCode).toBe(400);
  });

  it('refuses another user’s upload, one of another purpose, and an unknown id; nothing is made', async () => {
    const count = async () =>
      data<{ items: unknown[] }>(await alice.get('user/rechargeList?limit=50')).items.length;
    const before = await count();
    const mallorys = await receipt(mallory, 3);
    expect(codeOf(await recharge(alice, { proof: mallorys }))).toBe(5030);
    // An ID-card upload (purpose kyc, the uploader's default) is not a receipt.
    const kycUpload = await uploadedId(t.app, alice.token, 4);
    expect(codeOf(await recharge(alice, { proof: kycUpload }))).toBe(5030);
    expect(codeOf(await recharge(alice, { proof: 'A'.repeat(22) }))).toBe(5030);
    expect(codeOf(await recharge(alice, { proof: '../../etc/passwd' }))).toBe(5030);
    // Refused with the user's language.
    const zh = await alice.post(
      'user/recharge?lang=zh-Hans',
      {
        accountId,
        amount: '500.00',
        payerName: 'Alice Li',
        reference: 'TX-PROOF',
        proof: mallorys,
      },
      newKey(),
    );
    expect(zh.json()).toMatchObject({ code: 5030, msg: '转账凭证图片无效，请重新上传' });
    expect(await count()).toBe(before);
    // The refused uploads are still their owners' to delete.
    expect(codeOf(await mallory.get(`common/deleteUploader?id=${mallorys}`))).toBe(0);
    expect(codeOf(await alice.get(`common/deleteUploader?id=${kycUpload}`))).toBe(0);
  });

  it('takes a recharge without a receipt (an empty form field is none)', async () => {
    const made = data<{ proof: Proof | null }>(await recharge(alice, { proof: '' }));
    expect(made.proof).toBeNull();
  });
});
