import { PROFILE_IMAGE_MAX_BYTES } from '@inspecta/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';

/** Reads the one image of a multipart upload into memory, refusing anything over 5 MiB (or `maxBytes`) with 413. */
export async function readUploadedImage(
  request: FastifyRequest,
  maxBytes = PROFILE_IMAGE_MAX_BYTES,
): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the image as multipart/form-data in a field named "file"',
    );
  }
  let buffer: Buffer;
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 4 } });
    if (!file) throw AppError.validation([{ field: 'file', message: 'Choose an image to upload' }]);
    buffer = await file.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') {
      const mb = maxBytes / (1024 * 1024);
      throw new AppError('PAYLOAD_TOO_LARGE', `The image must be at most ${mb} MB`, {
        details: [{ field: 'file', message: `The image must be at most ${mb} MB` }],
      });
    }
    throw error;
  }
  if (buffer.length === 0) throw AppError.validation([{ field: 'file', message: 'The file is empty' }]);
  return buffer;
}
