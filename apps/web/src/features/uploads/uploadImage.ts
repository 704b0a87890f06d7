import { READ_FILE_ERROR, readImageFile, type UploadedImage } from '../../lib/readImageFile';
import { notify } from '../../lib/notificationStore';

/** The picture types the image analysis reads. */
export const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/webp';

/** Reads an uploaded geometry image; a failure shows `Failed to read file` and is rethrown. */
export async function uploadImage(file: File): Promise<UploadedImage> {
  try {
    return await readImageFile(file);
  } catch (error) {
    notify({ content: READ_FILE_ERROR, color: 'error' });
    throw error;
  }
}
