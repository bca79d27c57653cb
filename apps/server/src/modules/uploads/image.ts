import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../errors.js';

/**
 * The types we take, by their magic bytes (never the file name or the Content-Type the client
 * sent). HEIC is not among them: sharp's prebuilt libvips decodes AVIF but not HEVC-coded HEIF
 * (the codec is patent-encumbered and not shipped), so an iPhone HEIC is refused with "Unsupported
 * image files" — phones hand the browser a JPEG when it asks for `image/jpeg` in the picker.
 */
const ACCEPTED: Readonly<Record<string, 'jpeg' | 'png' | 'webp'>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Longest side kept: an ID card photo needs no more, and it bounds what we store. */
export const MAX_SIDE = 4096;

export interface CleanImage {
  /** Re-encoded JPEG: no EXIF, GPS, ICC profile or anything appended to the source. */
  data: Buffer;
  width: number;
  height: number;
  /** What the source was, by its magic bytes. */
  sourceType: string;
}

/**
 * Decodes and re-encodes an untrusted image. Refuses (8000) anything whose magic bytes are not a
 * JPEG, PNG or WebP, anything libvips cannot fully decode (truncated, corrupt) and a container
 * that claims one type but decodes as another; refuses (8002) dimensions over `maxPixels` before
 * any pixel is decoded (`limitInputPixels` reads the header first). The output is built from the
 * decoded pixels only, so nothing of the source's bytes beyond them survives: metadata, a ZIP or
 * HTML appended after the image's end (polyglots), colour-profile tricks.
 */
export async function cleanImage(input: Buffer, maxPixels: number): Promise<CleanImage> {
  const detected = await fileTypeFromBuffer(input);
  const format = detected ? ACCEPTED[detected.mime] : undefined;
  if (!detected || !format) throw new AppError('UPLOAD_UNSUPPORTED');
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UPLOAD_UNSUPPORTED');
  }
  // libvips must agree with the magic bytes: no SVG or PDF reaches its other loaders.
  if (meta.format !== format) throw new AppError('UPLOAD_UNSUPPORTED');
  if (!meta.width || !meta.height) throw new AppError('UPLOAD_UNSUPPORTED');
  if (meta.width * meta.height > maxPixels) throw new AppError('UPLOAD_TOO_MANY_PIXELS');
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: maxPixels,
      // A truncated or corrupt file is refused, not decoded as far as it goes.
      failOn: 'error',
      sequentialRead: true,
    })
      // Applies the EXIF orientation to the pixels, as the photo was meant to be seen.
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, sourceType: detected.mime };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      throw new AppError('UPLOAD_TOO_MANY_PIXELS');
    throw new AppError('UPLOAD_UNSUPPORTED');
  }
}
