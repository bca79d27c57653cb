import { deflateSync, crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/**
 * Test images made here with sharp (no binary fixtures), the hostile ones crafted byte by byte,
 * and a multipart body builder for `POST common/uploader`. Tests only.
 */

/** A photo-like JPEG: noise, so it compresses like a real one and truncating it hurts. */
export async function photoJpeg(width = 640, height = 400, seed = 1): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 2_654_435_761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    raw[i] = (x >>> 16) & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export const solidPng = (width = 320, height = 200, colour = '#2a6df4') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

export const solidWebp = (width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#22aa66' } })
    .webp()
    .toBuffer();

/** A JPEG carrying EXIF with a GPS position (and a camera make). */
export const jpegWithGps = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#cc6633' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'AmpereTestCam', Copyright: 'secret-owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '39/1 54/1 2700/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '116/1 23/1 1700/100',
      },
    })
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A decompression bomb: a valid PNG header saying `side`×`side` pixels (1-bit grey), whose
 * zeros deflate to a few kilobytes. Decoded it would be side² pixels.
 */
export function pngBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8);
  const rows = Buffer.alloc(rowBytes * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A minimal ZIP (one stored file) to append to a JPEG: a JPEG+ZIP polyglot. */
export function tinyZip(): Buffer {
  const name = Buffer.from('payload.txt');
  const body = Buffer.from('zip-payload-marker');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc32(body) >>> 0, 14);
  local.writeUInt32LE(body.length, 18);
  local.writeUInt32LE(body.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc32(body) >>> 0, 16);
  central.writeUInt32LE(body.length, 20);
  central.writeUInt32LE(body.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + body.length, 16);
  return Buffer.concat([local, name, body, central, name, end]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
    '<script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
);

/** The first bytes of a Windows executable (MZ header, PE signature). */
export function fakeExe(): Buffer {
  const exe = Buffer.alloc(512);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'latin1');
  exe.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  return exe;
}

export interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body and its content-type header. */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----ampere${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      `form-data; name="${part.name}"` +
      (part.filename === undefined ? '' : `; filename="${part.filename}"`);
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') +
          '\r\n',
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST common/uploader as `token` with one file. */
export function uploadAs(
  app: FastifyInstance,
  token: string,
  data: Buffer,
  opts: { filename?: string; contentType?: string; extra?: Part[] } = {},
) {
  const { body, contentType } = multipart([
    ...(opts.extra ?? []),
    {
      name: 'file',
      data,
      filename: opts.filename ?? 'photo.jpg',
      contentType: opts.contentType ?? 'image/jpeg',
    },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/v1/common/uploader',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
}

/** Uploads a photo and returns its id (throws on refusal). */
export async function uploadedId(app: FastifyInstance, token: string, seed = 1): Promise<string> {
  const res = await uploadAs(app, token, await photoJpeg(480, 300, seed));
  const id = res.json<{ data?: { id?: string } }>().data?.id;
  if (!id) throw new Error(`upload refused: ${res.body}`);
  return id;
}
