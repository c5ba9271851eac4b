import { randomBytes } from 'node:crypto';

interface MultipartBody {
  payload: Buffer;
  headers: { 'content-type': string };
}

/** A multipart/form-data body with text fields and files, for app.inject. */
export function multipartForm(
  fields: Record<string, string>,
  files: Array<{ field: string; name: string; data: Buffer | string; type: string }>,
): MultipartBody {
  const boundary = `----inspecta${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data),
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart/form-data body with one file field, for app.inject. */
export function multipartFile(
  content: Buffer | string,
  fileName: string,
  contentType = 'application/octet-stream',
  field = 'file',
): MultipartBody {
  return multipartForm({}, [{ field, name: fileName, data: content, type: contentType }]);
}
