// The assistant panel of the create, view and simulator screens: the conversation (markdown), the
// simulation in context, an image attach (PNG/JPEG/WebP held as dataUrl, fileName, uploadedAt; a
// read failure shows `Failed to read file`), previews of the image and of the analysed outline,
// suggested follow-ups, copy and clear, and "Import from image" into the cross-section designer
// through the same preview step as the designers' own import (nothing is used until the user
// confirms it in the designer).
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Chip, CircularProgress, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiContentCopy, mdiDeleteOutline, mdiImagePlus, mdiClose, mdiSend } from '@mdi/js';
import type { ChatResponse, ImageAnalysisResponse } from '@simforge/contracts';
import type { UploadedImage } from '../../lib/readImageFile';
import { errorDetail } from '../../lib/errorDetail';
import { ACCEPTED_IMAGES, uploadImage } from '../uploads/uploadImage';
import { ImageAnalysisPreview } from '../uploads/ImageAnalysisPreview';
import { notify } from '../../lib/notificationStore';
import { CrossSectionDesignerDialog, type CrossSectionData } from '../cross-section-designer';
import { chatHistory, clearChatHistory, sendChat } from './chatApi';
import { Markdown } from './Markdown';

export interface ChatPanelProps {
  /** A saved simulation (view screen): the server loads it itself. */
  simulationId?: string | null;
  simulationTitle?: string | null;
  /** The type on a create screen. */
  type?: string | null;
  /** The create form's current values. */
  parameters?: Record<string, unknown> | null;
  screen: string;
  /** A cross-section confirmed in the designer after "Import from image" (metres). */
  onImportCrossSection?: (data: CrossSectionData) => void;
}

interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  image?: UploadedImage;
  analysis?: ImageAnalysisResponse | null;
  /** The picture the analysis is of (on the answer, to draw the outline over it). */
  analysed?: UploadedImage;
}

// Long function: a React component whose hooks and handlers share its state; most of its length is markup.
export function ChatPanel({ simulationId = null, simulationTitle = null, type = null, parameters = null, screen, onImportCrossSection }: ChatPanelProps) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState('');
  const [image, setImage] = useState<UploadedImage | null>(null);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [importing, setImporting] = useState<CrossSectionData | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const listEnd = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    chatHistory(simulationId)
      .then((history) => {
        // A question asked before the history arrived keeps its place: the history only fills an empty panel.
        if (!cancelled) setMessages((current) => (current.length ? current : history.messages.map((m) => ({ role: m.role, content: m.content }))));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [simulationId]);

  useEffect(() => {
    listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [messages]);

  const contextLabel = simulationId ? `Simulation: ${simulationTitle ?? simulationId}` : type ? `New ${type}` : 'No simulation in context';

  async function send(text: string) {
    const message = text.trim();
    if (!message || busy) return;
    const history = messages.map(({ role, content }) => ({ role, content }));
    const attached = image;
    setMessages((current) => [...current, { role: 'user', content: message, ...(attached ? { image: attached } : {}) }, { role: 'assistant', content: '' }]);
    setInput('');
    setImage(null);
    setError(null);
    setBusy(true);
    const appendToLast = (update: (m: ChatMessage) => ChatMessage) => setMessages((current) => [...current.slice(0, -1), update(current[current.length - 1]!)]);
    try {
      const answer: ChatResponse = await sendChat(
        {
          message,
          conversation_history: history,
          simulation_context: { simulation_id: simulationId, type: simulationId ? null : type, parameters: simulationId ? null : parameters, screen },
          uploaded_image: attached,
        },
        { onDelta: (piece) => appendToLast((m) => ({ ...m, content: m.content + piece })) },
      );
      appendToLast((m) => ({ ...m, content: answer.reply, analysis: answer.image_analysis, ...(attached ? { analysed: attached } : {}) }));
      setSuggestions(answer.suggestions);
    } catch (failure) {
      setMessages((current) => current.slice(0, -1));
      setError(errorDetail(failure).message);
    } finally {
      setBusy(false);
    }
  }

  async function attach(file: File | undefined) {
    if (!file) return;
    try {
      setImage(await uploadImage(file));
      setError(null);
    } catch {
      // uploadImage has shown `Failed to read file`; the panel says it too.
      setError('Failed to read file');
    }
  }

  async function copy() {
    const text = messages.map((m) => `${m.role === 'user' ? 'You' : 'Assistant'}: ${m.content}`).join('\n\n');
    try {
      await navigator.clipboard.writeText(text);
      notify({ content: 'Conversation copied', color: 'success' });
    } catch {
      notify({ content: 'Could not copy the conversation', color: 'error' });
    }
  }

  async function clear() {
    try {
      await clearChatHistory(simulationId);
      setMessages([]);
      setSuggestions([]);
    } catch (failure) {
      setError(errorDetail(failure).message);
    }
  }

  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 420 }} aria-label="Assistant">
      <Stack direction="row" spacing={1} sx={{ p: 1, borderBottom: 1, borderColor: 'divider', alignItems: 'center' }}>
        <Typography variant="subtitle1" sx={{ flexGrow: 1 }}>
          Assistant
        </Typography>
        <Chip size="small" label={contextLabel} data-testid="chat-context" />
        <Tooltip title="Copy conversation">
          <IconButton aria-label="Copy conversation" onClick={() => void copy()} disabled={messages.length === 0}>
            <Icon path={mdiContentCopy} size={0.8} aria-hidden />
          </IconButton>
        </Tooltip>
        <Tooltip title="Clear conversation">
          <IconButton aria-label="Clear conversation" onClick={() => void clear()} disabled={messages.length === 0 || busy}>
            <Icon path={mdiDeleteOutline} size={0.8} aria-hidden />
          </IconButton>
        </Tooltip>
      </Stack>

      <Box role="log" aria-label="Conversation" sx={{ flexGrow: 1, overflowY: 'auto', p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {messages.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Ask about a parameter, this simulation's results or failure, an input for a target, or attach a drawing of a cross-section.
          </Typography>
        ) : null}
        {messages.map((m, i) => (
          <Box key={i} data-testid={`chat-message-${m.role}`} sx={{ alignSelf: m.role === 'user' ? 'flex-end' : 'stretch', maxWidth: m.role === 'user' ? '85%' : '100%', bgcolor: m.role === 'user' ? 'primary.50' : 'transparent', border: m.role === 'user' ? 1 : 0, borderColor: 'divider', borderRadius: 1, p: m.role === 'user' ? 1 : 0 }}>
            {m.image ? <Box component="img" src={m.image.dataUrl} alt={m.image.fileName} sx={{ maxWidth: 160, maxHeight: 120, display: 'block', mb: 0.5 }} /> : null}
            {m.content ? <Markdown text={m.content} /> : busy && i === messages.length - 1 ? <CircularProgress size={18} aria-label="Answering" /> : null}
            {m.analysis ? (
              <Box sx={{ mt: 1 }}>
                <ImageAnalysisPreview analysis={m.analysis} picture={m.analysed?.dataUrl} acceptLabel="Import from image" onAccept={setImporting} />
              </Box>
            ) : null}
          </Box>
        ))}
        <div ref={listEnd} />
      </Box>

      {suggestions.length ? (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ px: 1.5, pb: 1, flexWrap: 'wrap' }} aria-label="Suggested questions">
          {suggestions.map((s) => (
            <Chip key={s} label={s} size="small" variant="outlined" onClick={() => void send(s)} disabled={busy} />
          ))}
        </Stack>
      ) : null}

      {error ? (
        <Alert severity="error" sx={{ mx: 1.5, mb: 1 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}

      {image ? (
        <Stack direction="row" spacing={1} sx={{ px: 1.5, pb: 1, alignItems: 'center' }}>
          <Box component="img" src={image.dataUrl} alt={`Attached: ${image.fileName}`} sx={{ maxWidth: 64, maxHeight: 48, border: 1, borderColor: 'divider' }} />
          <Typography variant="caption" sx={{ flexGrow: 1 }}>
            {image.fileName}
          </Typography>
          <IconButton aria-label="Remove image" size="small" onClick={() => setImage(null)}>
            <Icon path={mdiClose} size={0.7} aria-hidden />
          </IconButton>
        </Stack>
      ) : null}

      <Box
        component="form"
        onSubmit={(event: React.FormEvent) => {
          event.preventDefault();
          void send(input);
        }}
        sx={{ display: 'flex', gap: 1, p: 1, borderTop: 1, borderColor: 'divider', alignItems: 'flex-end' }}
      >
        <input ref={fileInput} type="file" accept={ACCEPTED_IMAGES} hidden data-testid="chat-file" onChange={(e) => void attach(e.target.files?.[0])} />
        <IconButton aria-label="Attach image" onClick={() => fileInput.current?.click()} disabled={busy}>
          <Icon path={mdiImagePlus} size={0.9} aria-hidden />
        </IconButton>
        <TextField
          label="Ask the assistant"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void send(input);
            }
          }}
          multiline
          maxRows={4}
          size="small"
          fullWidth
        />
        <IconButton type="submit" aria-label="Send" color="primary" disabled={busy || input.trim() === ''}>
          <Icon path={mdiSend} size={0.9} aria-hidden />
        </IconButton>
      </Box>

      <CrossSectionDesignerDialog
        open={importing !== null}
        initial={importing ?? undefined}
        onClose={() => setImporting(null)}
        onConfirm={(data) => {
          onImportCrossSection?.(data);
          setImporting(null);
          notify({ content: 'Cross-section imported from the image', color: 'success' });
        }}
      />
    </Paper>
  );
}
