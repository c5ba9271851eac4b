import { PROFILE_IMAGE_MAX_BYTES } from '@inspecta/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** Room for the multipart framing (boundaries, part headers, a few small fields) around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

interface UploadRules {
  maxBytes: number;
  /** What the messages call the file: "image", "file". */
  noun: string;
  /** Said when there is no file in the form. */
  missing: string;
  /** Answered when the request is not multipart/form-data at all. */
  notMultipart: () => AppError;
}

const fileProblem = (message: string) => AppError.validation([{ field: 'file', message }], message);

function tooLarge(rules: UploadRules): AppError {
  const message = `The ${rules.noun} must be at most ${rules.maxBytes / (1024 * 1024)} MB`;
  return new AppError('PAYLOAD_TOO_LARGE', message, { details: [{ field: 'file', message }] });
}

const malformed = () =>
  fileProblem('The upload is not a valid multipart/form-data body with a file field named "file"');

/**
 * Reads the one file of a multipart upload into memory. The size decides before anything looks at
 * the bytes: a Content-Length that cannot fit is refused unread, and while reading, a file past
 * `maxBytes` is 413 whether the parser cut it in the middle of a chunk or exactly on a chunk's end
 * (it then marks the file truncated without handing over another byte, which a reader that only
 * checks after each chunk misses, so the cut file went on to the decoder as a broken image).
 * A body that is not the multipart it claims to be is a 400 naming `file`.
 */
async function readUploadedFile(
  request: FastifyRequest,
  rules: UploadRules,
): Promise<{ buffer: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw rules.notMultipart();
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > rules.maxBytes + MULTIPART_OVERHEAD_BYTES)
    throw tooLarge(rules);

  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file({
      limits: { fileSize: rules.maxBytes, files: 1, fields: 4, parts: 5 },
      throwFileSizeLimit: false,
    });
  } catch {
    throw malformed();
  }
  if (!file) throw fileProblem(rules.missing);

  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > rules.maxBytes) throw tooLarge(rules);
      chunks.push(chunk);
    }
  } catch (error) {
    file.file.destroy();
    if (error instanceof AppError) throw error;
    throw malformed();
  }
  if (file.file.truncated) throw tooLarge(rules);
  if (size === 0) throw fileProblem(`The ${rules.noun} is empty`);
  return { buffer: Buffer.concat(chunks, size), fileName: file.filename || 'upload' };
}

/** Reads the one image of a multipart upload, refusing anything over 5 MiB (or `maxBytes`) with 413. */
export async function readUploadedImage(
  request: FastifyRequest,
  maxBytes = PROFILE_IMAGE_MAX_BYTES,
): Promise<Buffer> {
  const { buffer } = await readUploadedFile(request, {
    maxBytes,
    noun: 'image',
    missing: 'Choose an image to upload',
    notMultipart: () =>
      new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data in a field named "file"'),
  });
  return buffer;
}

/** Reads the one sheet of an import (CSV or .xlsx), refusing anything over `maxBytes` with 413. */
export function readUploadedSheet(request: FastifyRequest, maxBytes: number) {
  const missing = 'Choose a CSV or Excel file to import';
  return readUploadedFile(request, {
    maxBytes,
    noun: 'file',
    missing,
    notMultipart: () => fileProblem(missing),
  });
}

/**
 * Reads a multipart form of text fields and up to `maxFiles` images (e.g. a comment with photos),
 * each image at most `maxBytes` (413 otherwise). Text fields are kept by name (the last one wins).
 */
export async function readUploadedForm(
  request: FastifyRequest,
  rules: { maxBytes: number; maxFiles: number; fileField: string },
): Promise<{ fields: Record<string, string>; images: Buffer[] }> {
  if (!request.isMultipart())
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Send multipart/form-data (text fields and images named "${rules.fileField}")`,
    );
  const declared = Number(request.headers['content-length']);
  const budget = rules.maxFiles * rules.maxBytes + MULTIPART_OVERHEAD_BYTES;
  const upload = { maxBytes: rules.maxBytes, noun: 'image', missing: '', notMultipart: () => malformed() };
  if (Number.isFinite(declared) && declared > budget) throw tooLarge(upload);
  const fields: Record<string, string> = {};
  const images: Buffer[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: rules.maxBytes,
        files: rules.maxFiles,
        fields: 10,
        parts: rules.maxFiles + 10,
        fieldSize: 64 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== rules.fileField) {
        part.file.resume();
        throw AppError.validation([
          { field: part.fieldname, message: `Images go in fields named "${rules.fileField}"` },
        ]);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > rules.maxBytes) throw tooLarge(upload);
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge(upload);
      if (size === 0) throw AppError.validation([{ field: rules.fileField, message: 'An image is empty' }]);
      images.push(Buffer.concat(chunks, size));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw AppError.validation([{ field: rules.fileField, message: `At most ${rules.maxFiles} images` }]);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(upload);
    throw malformed();
  }
  return { fields, images };
}

/** Reads the one PDF of a multipart upload (the report check), refusing anything over `maxBytes` with 413. */
export async function readUploadedPdf(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const { buffer } = await readUploadedFile(request, {
    maxBytes,
    noun: 'PDF',
    missing: 'Choose a PDF report to check',
    notMultipart: () =>
      new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the PDF as multipart/form-data in a field named "file"'),
  });
  if (buffer.subarray(0, 5).toString('latin1') !== '%PDF-') {
    const message = 'This file is not a PDF';
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { details: [{ field: 'file', message }] });
  }
  return buffer;
}
