/** How a checklist stores an image answer (photo or signature): the caller's upload and its limit. */
export interface ChecklistUploads {
  upload: (file: Blob, fileName: string) => Promise<string>;
  /** How many photos one item may hold. */
  maxPhotos: number;
}
