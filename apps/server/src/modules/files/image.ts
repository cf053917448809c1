import { FILE_MESSAGES, PROFILE_PICTURE_PIXELS } from '@lyceum/shared/files';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

type ImageFormat = 'jpeg' | 'png' | 'webp';

/** The format a file's first bytes announce, or null: the name and the declared type are never believed. */
export function sniffImageFormat(data: Buffer): ImageFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** Decoding bombs (a tiny file that claims 50 000 × 50 000 pixels) are refused before any pixel is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A profile picture as we store it: a 256 px square WebP, re-encoded from the decoded pixels so nothing of the
 * upload survives but the image: no EXIF (a child's photo's GPS position), no ICC or XMP, no trailing payload.
 * JPEG, PNG and WebP only, recognised by their bytes and confirmed by the decoder.
 */
export async function toProfilePicture(data: Buffer): Promise<Buffer> {
  const format = sniffImageFormat(data);
  if (!format) throw new AppError('unsupported_media_type', FILE_MESSAGES.notAnImage);
  try {
    // The header alone, without the pixel limit (which refuses it as unreadable): the reader is told why.
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if (meta.format !== format) throw new AppError('unsupported_media_type', FILE_MESSAGES.notAnImage);
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS)
      throw new AppError('validation', FILE_MESSAGES.tooManyPixels);
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    return await image
      .rotate() // apply the EXIF orientation before the EXIF goes
      .resize(PROFILE_PICTURE_PIXELS, PROFILE_PICTURE_PIXELS, { fit: 'cover' })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('validation', FILE_MESSAGES.unreadable);
  }
}
