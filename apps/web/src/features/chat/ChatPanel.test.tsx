import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import type { ChatResponse } from '@simforge/contracts';
import { theme } from '../../app/theme';
import { pathOf, queryOf, stubFetch } from '../../test/fetchStub';
import { notifications } from '../../lib/notificationStore';
import { imageAnalysis } from '../uploads/testFixtures';
import { ChatPanel, type ChatPanelProps } from './ChatPanel';

const SIM = '3f9b6a52-1111-4c53-9a1e-2a8f0f4e6d11';

function answer(overrides: Partial<ChatResponse> = {}): ChatResponse {
  return {
    reply: 'Results:\n\n| Result | Value |\n|---|---|\n| t8/5 | 9.1 s |',
    intent: 'results',
    answered_by: 'built-in',
    suggestions: ['Why did this fail?', 'What current gives 3 mm penetration?'],
    sources: [],
    image_analysis: null,
    simulation_id: SIM,
    ...overrides,
  };
}

const analysis = imageAnalysis({ outline: [[10, 10], [90, 10], [90, 50], [10, 50]], width: 100, height: 60, file_name: 't.png', elapsed_ms: 12 });

function renderPanel(props: Partial<ChatPanelProps> = {}) {
  return render(
    <ThemeProvider theme={theme}>
      <ChatPanel screen="view" simulationId={SIM} simulationTitle="Butt weld" {...props} />
    </ThemeProvider>,
  );
}

function ask(text: string) {
  fireEvent.change(screen.getByLabelText('Ask the assistant'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('ChatPanel', () => {
  it('loads the conversation of the simulation, sends the spec fields and renders the markdown answer', async () => {
    const { calls } = stubFetch((call) => {
      if (pathOf(call) === '/api/v1/chat/history') return { json: { simulation_id: SIM, messages: [{ id: '1', role: 'user', content: 'hello', created_at: '' }, { id: '2', role: 'assistant', content: 'Hello.', created_at: '' }] } };
      if (pathOf(call) === '/api/v1/chat/chat') return { json: answer() };
      return undefined;
    });
    renderPanel();
    expect(screen.getByTestId('chat-context').textContent).toBe('Simulation: Butt weld');
    expect(await screen.findByText('Hello.')).toBeTruthy();
    expect(queryOf(calls[0]!).get('simulation_id')).toBe(SIM);
    ask('Explain the results');
    const cell = await screen.findByRole('cell', { name: '9.1 s' });
    expect(cell).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      message: 'Explain the results',
      conversation_history: [
        { role: 'user', content: 'hello' },
        { role: 'assistant', content: 'Hello.' },
      ],
      simulation_context: { simulation_id: SIM, type: null, parameters: null, screen: 'view' },
      uploaded_image: null,
    });
    // A suggested follow-up is sent as a question.
    fireEvent.click(screen.getByRole('button', { name: 'Why did this fail?' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect((calls.filter((c) => c.method === 'POST')[1]!.body as { message: string }).message).toBe('Why did this fail?');
  });

  it('reads a streamed answer (server-sent events)', async () => {
    const done = answer({ reply: 'The **travel speed** is in mm/s.' });
    stubFetch((call) => {
      if (pathOf(call) === '/api/v1/chat/history') return { json: { simulation_id: null, messages: [] } };
      return {
        contentType: 'text/event-stream',
        text: `event: meta\ndata: {"intent":"parameter"}\n\nevent: delta\ndata: {"text":"The **travel speed** "}\n\nevent: delta\ndata: {"text":"is in mm/s."}\n\nevent: done\ndata: ${JSON.stringify(done)}\n\n`,
      };
    });
    renderPanel({ simulationId: null, type: 'BUTT_WELD', screen: 'create' });
    expect(screen.getByTestId('chat-context').textContent).toBe('New BUTT_WELD');
    ask('What is travel speed?');
    expect((await screen.findByText('travel speed')).tagName).toBe('STRONG');
  });

  it('a file that cannot be read shows Failed to read file', async () => {
    stubFetch(() => ({ json: { simulation_id: SIM, messages: [] } }));
    vi.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(() => {
      throw new Error('boom');
    });
    renderPanel();
    fireEvent.change(screen.getByTestId('chat-file'), { target: { files: [new File(['x'], 'joint.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Failed to read file')).toBeTruthy();
    expect(notifications.getState().queue.map((n) => n.content)).toContain('Failed to read file');
    notifications.clear();
  });

  it('an attached image goes as dataUrl, fileName, uploadedAt; the outline is previewed and imported into the designer after confirmation', async () => {
    const { calls } = stubFetch((call) => {
      if (pathOf(call) === '/api/v1/chat/history') return { json: { simulation_id: null, messages: [] } };
      return { json: answer({ intent: 'image', reply: 'One part with an outline of 4 corners.', image_analysis: analysis, simulation_id: null }) };
    });
    const onImport = vi.fn();
    renderPanel({ simulationId: null, type: 'T_JOINT_FILLET_WELD', screen: 'create', onImportCrossSection: onImport });
    fireEvent.change(screen.getByTestId('chat-file'), { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'joint.png', { type: 'image/png' })] } });
    expect(await screen.findByAltText('Attached: joint.png')).toBeTruthy();
    ask('What joint is this?');
    expect(await screen.findByRole('img', { name: 'Outline preview' })).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST')!.body as { uploaded_image: { dataUrl: string; fileName: string; uploadedAt: string } };
    expect(sent.uploaded_image.fileName).toBe('joint.png');
    expect(sent.uploaded_image.dataUrl).toMatch(/^data:image\/png;base64,/);
    expect(Number.isNaN(Date.parse(sent.uploaded_image.uploadedAt))).toBe(false);

    // No scale in the analysis: 10 px per mm by default, so 80 × 40 px are 8 × 4 mm.
    fireEvent.click(screen.getByRole('button', { name: 'Import from image' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('cs-size').textContent).toBe('8 × 4 mm');
    expect(onImport).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this cross-section' }));
    expect(onImport).toHaveBeenCalledTimes(1);
    const parts = onImport.mock.calls[0]![0].parts;
    expect(parts[0].points).toEqual(expect.arrayContaining([[0, 0], [0.008, 0], [0.008, 0.004], [0, 0.004]]));
    notifications.clear();
  });

  it('clears the conversation', async () => {
    const { calls } = stubFetch((call) => {
      if (call.method === 'DELETE') return { json: { msg: 'Conversation cleared (2 messages)' } };
      return { json: { simulation_id: SIM, messages: [{ id: '1', role: 'user', content: 'hello', created_at: '' }] } };
    });
    renderPanel();
    expect(await screen.findByText('hello')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear conversation' }));
    await waitFor(() => expect(screen.queryByText('hello')).toBeNull());
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(pathOf(del)).toBe('/api/v1/chat/history');
    expect(queryOf(del).get('simulation_id')).toBe(SIM);
  });
});
