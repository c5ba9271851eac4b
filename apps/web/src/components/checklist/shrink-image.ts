/** Photos above this size are re-encoded before upload: phone cameras take 3–8 MB pictures. */
const SHRINK_ABOVE_BYTES = 1_500_000;
const MAX_EDGE = 2000;

/**
 * A photo made small enough to upload quickly over a mobile connection: at most 2000 px on its
 * longer edge, JPEG 0.85, the camera's orientation applied. Small files, and anything the browser
 * cannot decode, go as they are (the server decides what it accepts).
 */
export async function shrinkImage(file: File): Promise<Blob> {
  if (file.size <= SHRINK_ABOVE_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}
