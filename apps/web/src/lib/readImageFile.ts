/** An uploaded geometry image held in the UI (spec section 3). */
export interface UploadedImage {
  dataUrl: string;
  fileName: string;
  /** ISO 8601 time of the upload. */
  uploadedAt: string;
}

export const READ_FILE_ERROR = 'Failed to read file';

export function readImageFile(file: File): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result !== 'string') {
        reject(new Error(READ_FILE_ERROR));
        return;
      }
      resolve({ dataUrl: reader.result, fileName: file.name, uploadedAt: new Date().toISOString() });
    };
    reader.onerror = () => reject(new Error(READ_FILE_ERROR));
    reader.onabort = () => reject(new Error(READ_FILE_ERROR));
    try {
      reader.readAsDataURL(file);
    } catch {
      reject(new Error(READ_FILE_ERROR));
    }
  });
}
