// POST /api/v1/simulations/analyze-image through the real app: sign-in required, multipart and
// JSON data-URL uploads, the outline and joint type of a drawn T-joint, and hostile inputs refused
// with a 4xx naming the field. The route is not taken for /simulations/{id}.

import { crc32 } from 'node:zlib';
import { defaultParametersOf } from '@simforge/contracts';
import { welding } from '@simforge/solvers';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawImage } from './drawings.js';
import { pglite } from './databases.js';
import { expectStatus, harnessWithEngineer } from './harness.js';

const URL_PATH = 'simulations/analyze-image';

function multipart(parts: { name: string; value: Buffer | string; filename?: string; type?: string }[]) {
  const boundary = `----simforge${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function tJointImage() {
  const section = welding.jointCrossSection('T_JOINT_FILLET_WELD', (defaultParametersOf('T_JOINT_FILLET_WELD') as { geometry: unknown }).geometry);
  const polygons = [...section.plates, ...section.fillers].map((p) => p.map(([y, z]) => [y * 1000, z * 1000] as [number, number]));
  return drawImage({ polygons, pxPerMm: 4, rotationDeg: 5, blurSigma: 1, noiseSigma: 8, scaleBarMm: 20 });
}

describe('analyze-image API', () => {
  // No simulation runs here: the app needs no job queue.
  const { h, engineer } = harnessWithEngineer(pglite, { app: { jobs: false } });

  it('needs sign-in', async () => {
    expectStatus(await h().post(URL_PATH, { body: { image: 'data:image/png;base64,AAAA' } }), 401);
  });

  it('multipart: a drawn T-joint comes back as its outline, in mm with a scale, classified as a T-joint', async () => {
    const image = await tJointImage();
    const form = multipart([
      { name: 'px_per_mm', value: '4' },
      { name: 'file', value: image.bytes, filename: 't-joint.png', type: 'image/png' },
    ]);
    const res = await h().post(URL_PATH, { as: engineer(), body: form.body, headers: form.headers });
    expectStatus(res, 200);
    const body = res.json();
    expect(body).toMatchObject({ file_name: 't-joint.png', image: { type: 'image/png', width: image.width, height: image.height }, px_per_mm: 4 });
    expect(body.joint).toMatchObject({ type: 'T_JOINT_FILLET_WELD', label: 'T-joint fillet weld' });
    expect(body.joint.confidence).toBeGreaterThan(0.5);
    expect(body.joint.runner_up.type).not.toBe('T_JOINT_FILLET_WELD');
    // The drawn polygons' extent at 4 px/mm (the bead's faces are part of the outline).
    const xs = image.polygons.flat().map((p) => p[0]);
    const ys = image.polygons.flat().map((p) => p[1]);
    expect(Math.abs(body.bounds_mm.width - (Math.max(...xs) - Math.min(...xs)) / 4)).toBeLessThan(0.5);
    expect(Math.abs(body.bounds_mm.height - (Math.max(...ys) - Math.min(...ys)) / 4)).toBeLessThan(0.5);
    // Flange, web and bead: 9 corners (the bead's two replace the web's foot).
    expect(body.outline).toHaveLength(9);
    expect(body.cross_section.parts[0].filler).toBe(false);
  });

  it('JSON: the UI\'s uploaded image (dataUrl, fileName, uploadedAt) with a known length', async () => {
    const image = await tJointImage();
    const res = await h().post(URL_PATH, {
      as: engineer(),
      body: { image: { dataUrl: `data:image/png;base64,${image.bytes.toString('base64')}`, fileName: 'sketch.png', uploadedAt: new Date().toISOString() }, known_length_mm: 20, known_length_px: 80 },
    });
    expectStatus(res, 200);
    expect(res.json()).toMatchObject({ file_name: 'sketch.png', px_per_mm: 4, joint: { type: 'T_JOINT_FILLET_WELD' } });
  });

  it.each([
    ['not an image', () => multipart([{ name: 'file', value: Buffer.from('just some text'), filename: 'a.png', type: 'image/png' }]), 415, 'Image: the file is not a PNG, JPEG or WebP image'],
    ['a GIF', async () => multipart([{ name: 'file', value: await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).gif().toBuffer(), filename: 'a.gif', type: 'image/gif' }]), 415, 'Image: unsupported image type image/gif; use PNG, JPEG or WebP'],
    [
      'a truncated PNG',
      async () => {
        const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
        return multipart([{ name: 'file', value: png.subarray(0, png.length >> 1), filename: 'cut.png', type: 'image/png' }]);
      },
      400,
      undefined,
    ],
    [
      'a PNG claiming 30000 × 30000 px',
      async () => {
        const png = Buffer.from(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } }).png().toBuffer());
        png.writeUInt32BE(30_000, 16);
        png.writeUInt32BE(30_000, 20);
        png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
        return multipart([{ name: 'file', value: png, filename: 'bomb.png', type: 'image/png' }]);
      },
      413,
      undefined,
    ],
    ['no file part', () => multipart([{ name: 'px_per_mm', value: '4' }]), 422, undefined],
  ])('%s is refused', async (_name, make, status, detail) => {
    const form = await make();
    const res = await h().post(URL_PATH, { as: engineer(), body: form.body, headers: form.headers });
    expectStatus(res, status, detail);
  });

  it('multipart: a scale that is not a positive number is refused with 422 at its field', async () => {
    const image = await tJointImage();
    for (const [value, msg] of [
      ['-2', 'This field must be greater than 0'],
      ['four', 'This field must be a number'],
    ] as const) {
      const form = multipart([
        { name: 'px_per_mm', value },
        { name: 'file', value: image.bytes, filename: 't-joint.png', type: 'image/png' },
      ]);
      const res = await h().post(URL_PATH, { as: engineer(), body: form.body, headers: form.headers });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'px_per_mm'], msg })]);
    }
  });

  it('JSON: a URL instead of a data URL, and a half-given scale, name their field', async () => {
    const url = await h().post(URL_PATH, { as: engineer(), body: { image: 'https://example.com/joint.png' } });
    expectStatus(url, 422, 'Image: expected a data URL (data:image/png;base64,...)');
    const image = await tJointImage();
    const half = await h().post(URL_PATH, { as: engineer(), body: { image: `data:image/png;base64,${image.bytes.toString('base64')}`, known_length_mm: 20 } });
    expectStatus(half, 422, 'Known length (px): give both the known length in millimetres and the same length in pixels');
    const missing = await h().post(URL_PATH, { as: engineer(), body: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0].loc).toEqual(['body', 'image']);
  });

  it('is rate-limited per client IP (30 a minute)', async () => {
    const remoteAddress = '10.99.0.1';
    for (let i = 0; i < 30; i++) expect((await h().post(URL_PATH, { as: engineer(), body: {}, remoteAddress })).statusCode).toBe(422);
    expectStatus(await h().post(URL_PATH, { as: engineer(), body: {}, remoteAddress }), 429);
  });

  it('GET /simulations/analyze-image is not an analysis and /simulations/{id} still answers', async () => {
    const res = await h().get(URL_PATH, { as: engineer() });
    expect(res.statusCode).toBe(422); // the {id} route: not a UUID
  });
});
