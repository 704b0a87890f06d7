import { describe, expect, it, vi } from 'vitest';
import { readImageFile } from './readImageFile';

describe('readImageFile', () => {
  it('answers the data URL, file name and upload time', async () => {
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'joint.png', { type: 'image/png' });
    const image = await readImageFile(file);
    expect(image.fileName).toBe('joint.png');
    expect(image.dataUrl).toMatch(/^data:image\/png;base64,/);
    expect(Number.isNaN(Date.parse(image.uploadedAt))).toBe(false);
  });

  it('fails with "Failed to read file" when the reader fails', async () => {
    vi.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (this: FileReader) {
      setTimeout(() => this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>));
    });
    await expect(readImageFile(new File(['x'], 'x.png'))).rejects.toThrow('Failed to read file');
  });
});
