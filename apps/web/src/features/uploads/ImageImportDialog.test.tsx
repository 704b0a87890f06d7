import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../app/theme';
import { session } from '../../lib/session';
import { pathOf, stubFetch, type StubbedCall } from '../../test/fetchStub';
import { notifications } from '../../lib/notificationStore';
import { ImageImportDialog, type ImageImportDialogProps } from './ImageImportDialog';
import { ridgeFromAnalysis } from './imageOutline';
import { imageAnalysis } from './testFixtures';

const ANALYZE = '/api/v1/simulations/analyze-image';

// A 60 × 10 mm plate drawn at 4 px/mm (px 20–260 across, 180–220 down), and a small blot above it
// (the second part).
const tOutline: [number, number][] = [
  [20, 180],
  [260, 180],
  [260, 220],
  [20, 220],
];
const analysis = imageAnalysis({
  outline: tOutline,
  width: 300,
  height: 260,
  file_name: 't.png',
  parts: [
    { outline: tOutline, holes: [], area_px: 9600 },
    { outline: [[280, 10], [290, 10], [290, 20], [280, 20]], holes: [], area_px: 100 },
  ],
  bounds_px: { x: 20, y: 10, width: 270, height: 210 },
  joint: {
    type: 'T_JOINT_FILLET_WELD',
    label: 'T-joint fillet weld',
    confidence: 0.874,
    runner_up: { type: 'CORNER_JOINT', label: 'Corner joint', confidence: 0.3, distance: 2, reference: 'a' },
    candidates: [],
  },
  elapsed_ms: 12,
});

const png = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 't-joint.png', { type: 'image/png' });

function renderDialog(props: Partial<ImageImportDialogProps> = {}) {
  const onAccept = vi.fn();
  const onClose = vi.fn();
  render(
    <ThemeProvider theme={theme}>
      <ImageImportDialog open target="cross-section" onAccept={onAccept} onClose={onClose} {...props} />
    </ThemeProvider>,
  );
  return { onAccept, onClose, dialog: screen.getByRole('dialog') };
}

function formOf(call: StubbedCall): FormData {
  expect(call.body).toBeInstanceOf(FormData);
  return call.body as FormData;
}

describe('ImageImportDialog', () => {
  it('sends the picture and its scale to the analysis, shows the outline and the suggested joint type, and accepts it in metres', async () => {
    session.setToken('tok');
    const { calls } = stubFetch((call) => (pathOf(call) === ANALYZE ? { json: { ...analysis, px_per_mm: 4 } } : undefined));
    const { onAccept, onClose, dialog } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pixels per mm' }));
    fireEvent.change(within(dialog).getByLabelText('Scale (px per mm)'), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByTestId('image-import-file'), { target: { files: [png()] } });

    expect(await within(dialog).findByRole('img', { name: 'Outline preview' })).toBeTruthy();
    const call = calls.find((c) => pathOf(c) === ANALYZE)!;
    expect(call.method).toBe('POST');
    expect(call.headers.get('Authorization')).toBe('Bearer tok');
    const form = formOf(call);
    expect(form.get('px_per_mm')).toBe('4');
    expect((form.get('file') as File).name).toBe('t-joint.png');
    expect(form.has('known_length_mm')).toBe(false);

    expect(within(dialog).getByTestId('image-joint').textContent).toBe('Suggested joint type: T-joint fillet weld (T_JOINT_FILLET_WELD), confidence 87 %');
    expect(within(dialog).getAllByTestId('outline-part')).toHaveLength(2);
    // The picture is drawn under the outline.
    expect(dialog.querySelector('image')?.getAttribute('href')).toMatch(/^data:image\/png;base64,/);
    // The scale came with the request: no scale field is asked for after the analysis.
    expect(within(dialog).queryByLabelText('Scale (px per mm)')).toBeNull();
    expect(within(dialog).getByTestId('image-size').textContent).toBe('2 parts, 270 × 210 px = 67.5 × 52.5 mm at 4 px/mm');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this outline' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(onAccept).toHaveBeenCalledTimes(1);
    const parts = onAccept.mock.calls[0]![0].parts as { points: [number, number][]; filler: boolean }[];
    expect(parts).toHaveLength(2);
    // 240 × 40 px at 4 px/mm from the bottom-left of everything: 60 × 10 mm standing at z = 0.
    expect(parts[0]!.points).toEqual(expect.arrayContaining([[0, 0], [0.06, 0], [0.06, 0.01], [0, 0.01]]));
    expect(parts[0]!.filler).toBe(false);
  });

  it('cancel after the analysis hands nothing over', async () => {
    stubFetch((call) => (pathOf(call) === ANALYZE ? { json: analysis } : undefined));
    const { onAccept, onClose, dialog } = renderDialog();
    fireEvent.change(within(dialog).getByTestId('image-import-file'), { target: { files: [png()] } });
    expect(await within(dialog).findByRole('img', { name: 'Outline preview' })).toBeTruthy();
    // No scale given: asked for after the analysis, 10 px per mm until changed.
    expect((within(dialog).getByLabelText('Scale (px per mm)') as HTMLInputElement).value).toBe('10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('a picture the browser cannot read says Failed to read file and is not sent', async () => {
    const { calls } = stubFetch(() => undefined);
    vi.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (this: FileReader) {
      setTimeout(() => this.dispatchEvent(new ProgressEvent('error')), 0);
    });
    const { onAccept, dialog } = renderDialog();
    fireEvent.change(within(dialog).getByTestId('image-import-file'), { target: { files: [png()] } });
    expect((await within(dialog).findByTestId('image-import-error')).textContent).toBe('Failed to read file');
    expect(calls.filter((c) => pathOf(c) === ANALYZE)).toHaveLength(0);
    expect(notifications.getState().queue.map((n) => n.content)).toContain('Failed to read file');
    expect(onAccept).not.toHaveBeenCalled();
    notifications.clear();
  });

  it('shows what the server refuses with the field’s label: not an image, a bad scale', async () => {
    let answer: { status: number; json: unknown } = { status: 415, json: { detail: 'Image: the file is not a PNG, JPEG or WebP image' } };
    stubFetch((call) => (pathOf(call) === ANALYZE ? answer : undefined));
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByTestId('image-import-file'), { target: { files: [new File([new Uint8Array([1, 2, 3])], 'x.png', { type: 'image/png' })] } });
    expect((await within(dialog).findByTestId('image-import-error')).textContent).toBe('Image: the file is not a PNG, JPEG or WebP image');

    answer = { status: 422, json: { detail: [{ loc: ['body', 'px_per_mm'], msg: 'This field must be greater than 0', type: 'too_small' }] } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pixels per mm' }));
    fireEvent.change(within(dialog).getByLabelText('Scale (px per mm)'), { target: { value: '-2' } });
    fireEvent.change(within(dialog).getByTestId('image-import-file'), { target: { files: [png()] } });
    await waitFor(() => expect(within(dialog).getByTestId('image-import-error').textContent).toBe('Scale (px per mm): This field must be greater than 0'));
    expect(within(dialog).getByText('This field must be greater than 0')).toBeTruthy();
  });

  it('a dropped picture is analysed too; for a ridge the largest part becomes the one polygon, and the dialog says so', async () => {
    stubFetch((call) => (pathOf(call) === ANALYZE ? { json: analysis } : undefined));
    const { onAccept, dialog } = renderDialog({ target: 'ridge' });
    fireEvent.drop(within(dialog).getByTestId('image-drop-zone'), { dataTransfer: { files: [png()] } });
    expect((await within(dialog).findByTestId('image-ridge-note')).textContent).toContain('the largest part becomes the ridge');
    expect(within(dialog).getByTestId('image-ridge-note').textContent).toContain('the other part is left out');
    fireEvent.change(within(dialog).getByLabelText('Scale (px per mm)'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this outline' }));
    const parts = onAccept.mock.calls[0]![0].parts as { points: [number, number][] }[];
    expect(parts).toHaveLength(1);
    expect(parts[0]!.points).toEqual(expect.arrayContaining([[0, 0], [0.06, 0], [0.06, 0.01], [0, 0.01]]));
  });
});

describe('ridgeFromAnalysis', () => {
  it('stands the largest part on the plate at s = 0 even when another part reaches lower', () => {
    const lower = { ...analysis, parts: [analysis.parts[0]!, { outline: [[0, 250], [10, 250], [10, 255], [0, 255]] as [number, number][], holes: [], area_px: 50 }] };
    const ridge = ridgeFromAnalysis(lower, 4);
    const points = ridge.parts[0]!.points;
    expect(Math.min(...points.map((p) => p[0]))).toBe(0);
    expect(Math.min(...points.map((p) => p[1]))).toBe(0);
    expect(Math.max(...points.map((p) => p[0]))).toBeCloseTo(0.06, 9);
  });
});
