import { api, type DownloadProgress, type QueryParams } from './api-client';

/** Hands a Blob to the browser as a download named `fileName`, then frees it. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads a file from the API with the session's Authorization header (a plain link could not
 * send it) and saves it under the server's file name, or `fallbackName`. A 401 ends the session like
 * any other call; other failures throw ApiError for the caller to show.
 */
export async function downloadFile(
  path: string,
  {
    query,
    fallbackName,
    signal,
    onProgress,
  }: {
    query?: QueryParams;
    fallbackName: string;
    signal?: AbortSignal;
    onProgress?: (progress: DownloadProgress) => void;
  },
): Promise<string> {
  const file = await api.getFile(path, {
    ...(query ? { query } : {}),
    ...(signal ? { signal } : {}),
    ...(onProgress ? { onProgress } : {}),
  });
  const name = file.fileName ?? fallbackName;
  saveBlob(file.blob, name);
  return name;
}

/** What an export control hands to a feature's export fetcher: cancel and progress. */
export interface ExportOptions {
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

/**
 * Downloads a list export (`<path>?format=<format>&<filters>`, docs/exports.md) with progress and
 * cancel, saved under the server's dated name.
 */
export function downloadExport(
  path: string,
  format: 'xlsx' | 'csv',
  filters: QueryParams,
  fallbackBase: string,
  options: ExportOptions = {},
): Promise<string> {
  return downloadFile(path, {
    query: { ...filters, format },
    fallbackName: `${fallbackBase}.${format}`,
    ...options,
  });
}
