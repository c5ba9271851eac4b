import type { InspectionUploadResponse } from '@inspecta/contract';
import { inspectorApi } from '@/lib/api-client';

/** POST /api/inspector/uploads (multipart, field "file"): a photo or signature; answers its URL. */
export async function uploadInspectionFile(file: Blob, fileName: string): Promise<string> {
  const form = new FormData();
  form.append('file', file, fileName);
  const { url } = await inspectorApi.postForm<InspectionUploadResponse>('/inspector/uploads', form);
  return url;
}
