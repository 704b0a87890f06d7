import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../lib/notificationStore';
import { uploadImage } from './uploadImage';

afterEach(() => notifications.clear());

describe('uploadImage', () => {
  it('reads the image', async () => {
    const image = await uploadImage(new File(['abc'], 'weld.png', { type: 'image/png' }));
    expect(image.fileName).toBe('weld.png');
    expect(notifications.getState().queue).toHaveLength(0);
  });

  it('a read failure shows Failed to read file (error) and rethrows', async () => {
    vi.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(() => {
      throw new Error('boom');
    });
    await expect(uploadImage(new File(['abc'], 'weld.png'))).rejects.toThrow('Failed to read file');
    expect(notifications.getState().queue.map((n) => `${n.color}:${n.content}`)).toEqual(['error:Failed to read file']);
  });
});
