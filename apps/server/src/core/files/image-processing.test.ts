import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processProfileImage, sniffImageType } from './image-processing.js';

describe('profile images', () => {
  it('recognise JPEG, PNG and WebP by their first bytes only', async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } });
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('keep the aspect ratio, never enlarge, and apply the EXIF orientation', async () => {
    const tall = await sharp({ create: { width: 600, height: 1200, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect(await sharp(await processProfileImage(tall)).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 512,
    });
    const tiny = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await sharp(await processProfileImage(tiny)).metadata()).toMatchObject({ width: 40, height: 30 });
    // Stored sideways with "rotate 90°" in EXIF: the result is upright.
    const sideways = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upright = await sharp(await processProfileImage(sideways)).metadata();
    expect([upright.width, upright.height, upright.orientation]).toEqual([50, 100, undefined]);
  });

  it('refuse a file whose bytes claim one type but do not decode', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 7)]);
    await expect(processProfileImage(fake)).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
