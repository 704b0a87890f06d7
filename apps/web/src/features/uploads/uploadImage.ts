import { READ_FILE_ERROR, readImageFile, type UploadedImage } from '../../lib/readImageFile';
import { notify } from '../notifications/notificationStore';

/** Reads an uploaded geometry image; a failure shows `Failed to read file` and is rethrown. */
export async function uploadImage(file: File): Promise<UploadedImage> {
  try {
    return await readImageFile(file);
  } catch (error) {
    notify({ content: READ_FILE_ERROR, color: 'error' });
    throw error;
  }
}
