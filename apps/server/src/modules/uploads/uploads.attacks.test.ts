import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  fakeExe,
  jpegWithGps,
  photoJpeg,
  pngBomb,
  solidPng,
  SVG_WITH_SCRIPT,
  tinyZip,
  uploadAs,
} from './testing.js';

/**
 * The list of hostile uploads, each refused or neutralised (re-encoded so nothing of it
 * survives), checked on the stored file itself. The tally is printed at the end.
 */
describe('POST common/uploader against hostile files', () => {
  let t: TestApp;
  let token: string;
  const tally: { attack: string; outcome: 'refused' | 'neutralised' }[] = [];
  const stored = (id: string) =>
    fs.readFileSync(path.join(t.dataDir, 'uploads', id.slice(0, 2), id));

  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOADS_PER_HOUR: '1000' } });
    ({ token } = await signUpThroughApi(t.app, t.database.db, 'attacker1'));
  });
  afterAll(async () => {
    console.log(
      `upload attacks: ${tally.length} of 10 refused or neutralised\n` +
        tally.map((a) => `  ${a.outcome.padEnd(11)} ${a.attack}`).join('\n'),
    );
    expect(tally).toHaveLength(10);
    await t.close();
  });

  const refused = async (attack: string, data: Buffer, code: number, opts = {}) => {
    const res = await uploadAs(t.app, token, data, opts);
    expect(res.json().code, `${attack}: ${res.body}`).toBe(code);
    expect(res.statusCode).toBeLessThan(500);
    tally.push({ attack, outcome: 'refused' });
  };
  const accepted = async (data: Buffer, opts = {}) => {
    const res = await uploadAs(t.app, token, data, opts);
    const body = res.json<{ code: number; data: { id: string; mime: string } }>();
    expect(body.code, res.body).toBe(0);
    return { id: body.data.id, file: stored(body.data.id) };
  };

  it('neutralises a JPEG+ZIP polyglot: the stored file has no ZIP left', async () => {
    const polyglot = Buffer.concat([await photoJpeg(), tinyZip()]);
    expect(polyglot.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(true);
    const { file } = await accepted(polyglot);
    expect(file.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
    expect(file.includes(Buffer.from('zip-payload-marker'))).toBe(false);
    expect((await sharp(file).metadata()).format).toBe('jpeg');
    tally.push({ attack: 'polyglot JPEG+ZIP', outcome: 'neutralised' });
  });

  it('neutralises a JPEG+HTML polyglot, and serves it as an image that is never sniffed', async () => {
    const html = Buffer.from('<html><script>alert(document.domain)</script></html>');
    const { id, file } = await accepted(Buffer.concat([await photoJpeg(), html]));
    expect(file.includes(Buffer.from('<script'))).toBe(false);
    const served = await t.app.inject({ url: t.app.services.uploads.signed(id).url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(`inline; filename="${id}.jpg"`);
    expect(served.rawPayload.equals(file)).toBe(true);
    tally.push({ attack: 'polyglot JPEG+HTML', outcome: 'neutralised' });
  });

  it('refuses an SVG with a script, whatever it is called', async () => {
    await refused('SVG with script', SVG_WITH_SCRIPT, 8000, {
      filename: 'id.png',
      contentType: 'image/png',
    });
  });

  it('refuses a 20,000×20,000 PNG bomb before decoding it', async () => {
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = Date.now();
    await refused('20,000×20,000 PNG bomb', bomb, 8002, { filename: 'bomb.png' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a 50 MB file cleanly with the size cap', async () => {
    const big = Buffer.concat([await photoJpeg(), Buffer.alloc(50 * 1024 * 1024, 1)]);
    const res = await uploadAs(t.app, token, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 8001, data: { maxBytes: 10_000_000 } });
    tally.push({ attack: '50 MB file', outcome: 'refused' });
  });

  it('refuses a renamed .exe', async () => {
    await refused('renamed .exe', fakeExe(), 8000, { filename: 'passport.jpg' });
  });

  it('refuses a truncated JPEG', async () => {
    const whole = await photoJpeg(800, 600, 7);
    await refused('truncated JPEG', whole.subarray(0, Math.floor(whole.length / 2)), 8000);
  });

  it('drops EXIF and GPS: the stored file has none', async () => {
    const source = await jpegWithGps();
    const before = await sharp(source).metadata();
    // The GPS IFD pointer (tag 0x8825) is in the source's EXIF, in either byte order.
    const exif = before.exif ?? Buffer.alloc(0);
    expect(
      exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])),
    ).toBe(true);
    expect(source.includes(Buffer.from('AmpereTestCam'))).toBe(true);
    const { file } = await accepted(source);
    const after = await sharp(file).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(file.includes(Buffer.from('AmpereTestCam'))).toBe(false);
    expect(file.includes(Buffer.from('secret-owner'))).toBe(false);
    expect(file.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    tally.push({ attack: 'EXIF GPS', outcome: 'neutralised' });
  });

  it('ignores a wrong Content-Type: the type comes from the bytes', async () => {
    // A PNG said to be a PDF is still a PNG (taken, re-encoded); HTML said to be a JPEG is not.
    const { file } = await accepted(await solidPng(), {
      contentType: 'application/pdf',
      filename: 'scan.pdf',
    });
    expect((await sharp(file).metadata()).format).toBe('jpeg');
    const res = await uploadAs(t.app, token, Buffer.from('<html><body>hi</body></html>'), {
      contentType: 'image/jpeg',
    });
    expect(res.json().code).toBe(8000);
    tally.push({ attack: 'wrong Content-Type', outcome: 'neutralised' });
  });

  it('ignores path characters in the file name: stored under a random id only', async () => {
    const before = new Set(listStored());
    const res = await uploadAs(t.app, token, await photoJpeg(), {
      filename: '../../../../etc/passwd%00.jpg',
    });
    const body = res.json<{ code: number; data: { id: string } }>();
    expect(body.code).toBe(0);
    expect(body.data.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.body).not.toContain('passwd');
    const added = listStored().filter((f) => !before.has(f));
    expect(added).toEqual([path.join(body.data.id.slice(0, 2), body.data.id)]);
    expect(fs.existsSync(path.join(t.dataDir, 'etc'))).toBe(false);
    tally.push({ attack: 'path characters in the file name', outcome: 'neutralised' });
  });

  function listStored(): string[] {
    const root = path.join(t.dataDir, 'uploads');
    return fs
      .readdirSync(root)
      .flatMap((dir) => fs.readdirSync(path.join(root, dir)).map((f) => path.join(dir, f)));
  }
});
