import type Sharp from 'sharp';
import { AppError } from '../errors.js';

/** The longest side of a stored profile image, in pixels. */
export const PROFILE_IMAGE_SIZE = 512;
/** Decoding bombs stop here: 40 megapixels is more than any phone camera takes. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

let sharpModule: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded on the first image rather than at start (about 70 ms of the server's start).
 * Uploads are one-off: sharp's operation cache would only hold memory, so it is off.
 */
export function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

type SniffedType = 'jpeg' | 'png' | 'webp';

/** The image type from the file's first bytes (its "magic number"), never from its name. */
export function sniffImageType(data: Buffer): SniffedType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

const notAnImage = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a JPEG, PNG or WebP image', {
    details: [{ field: 'file', message: 'The file is not a JPEG, PNG or WebP image' }],
  });

/**
 * Checks an upload by decoding it and makes the stored version: JPEG, PNG or WebP only (by
 * content), orientation applied, every piece of metadata (EXIF, GPS, ICC) dropped, at most
 * 512×512 (or `maxSide`: inspection photos keep more detail), re-encoded as WebP. Whatever was uploaded, only freshly encoded pixels are kept.
 */
export async function processProfileImage(data: Buffer, maxSide = PROFILE_IMAGE_SIZE): Promise<Buffer> {
  const sniffed = sniffImageType(data);
  if (!sniffed) throw notAnImage();
  try {
    const sharp = await loadSharp();
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const metadata = await image.metadata();
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || metadata.format !== sniffed) {
      throw notAnImage();
    }
    return await image
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The image is too large: at most 40 megapixels', {
        details: [{ field: 'file', message: 'The image has too many pixels (at most 40 megapixels)' }],
      });
    }
    throw notAnImage();
  }
}
