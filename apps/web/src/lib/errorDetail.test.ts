import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorDetail } from './errorDetail';

const validation = (detail: unknown) => new ApiError(422, 'Unprocessable', { detail });

describe('error messages', () => {
  it('name a field by its label, never by its request path', () => {
    const e = errorDetail(validation([
      { loc: ['body', 'content', 'title'], msg: 'This field is required' },
      { loc: ['path', 'user_id'], msg: 'Not a valid user id' },
      { loc: ['body', 'uploaded_image', 'dataUrl'], msg: 'Expected a data URL' },
      { loc: ['body', 'new_password'], msg: 'Minimum length is 8' },
    ]));
    expect(e.message).toBe('Title: This field is required; User: Not a valid user id; Image: Expected a data URL; New password: Minimum length is 8');
    expect(e.message).not.toMatch(/content\.|uploaded_image|user_id|dataUrl|_/);
    // The form still finds its own fields by name.
    expect(e.fields).toMatchObject({ title: 'This field is required', new_password: 'Minimum length is 8' });
  });

  it('names the image analysis’ scale fields as the import dialog labels them', () => {
    const e = errorDetail(validation([
      { loc: ['body', 'px_per_mm'], msg: 'This field must be greater than 0' },
      { loc: ['body', 'known_length_px'], msg: 'This field must be a number' },
    ]));
    expect(e.message).toBe('Scale (px per mm): This field must be greater than 0; Known length (px): This field must be a number');
  });

  it('keeps a plain detail as it is', () => {
    expect(errorDetail(new ApiError(413, 'Too large', { detail: 'Image: the image is larger than 10 MB' })).message).toBe('Image: the image is larger than 10 MB');
  });
});
