import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file field, for app.inject. */
export function multipartFile(
  content: Buffer | string,
  fileName: string,
  contentType = 'application/octet-stream',
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----inspecta${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
