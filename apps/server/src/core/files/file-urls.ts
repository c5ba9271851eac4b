import { STORED_FILE_NAME } from './file-storage.js';

export const FILES_PATH = '/files';

/** The URL a stored file is served at (what `users.profile_image` holds). */
export function fileUrl(name: string): string {
  return `/api${FILES_PATH}/${name}`;
}

/** The stored name in a URL made by `fileUrl`, or null for anything else. */
export function fileNameFromUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(`/api${FILES_PATH}/`)) return null;
  const name = url.slice(`/api${FILES_PATH}/`.length);
  return STORED_FILE_NAME.test(name) ? name : null;
}
