// A text parameter (widget `text`: a PIPE_NETWORK's EPANET `.inp` file): a multi-line box and a
// "Load file" button that reads a chosen file into it. The value travels as it is; the form checks
// that it is there and not too long, the server reads it (its messages name the line). A text over
// EDITABLE_TEXT_LENGTH (a 100 000-junction network is 18 M characters) is not put in the box, where
// every keystroke would copy it: the card shows its size and first lines, to replace or clear.
import { useMemo, useState } from 'react';
import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiFileUploadOutline } from '@mdi/js';
import { textTooLong, type FormCustomField } from '@simforge/contracts';
import { FileButton } from '../../../components/ui/FileButton';

export interface TextParameterCardProps {
  field: FormCustomField;
  value: string;
  onChange(value: string): void;
  /** The form's or the server's message for this parameter. */
  error?: string;
  disabled: boolean;
}

/** Longer texts are shown as a summary and their first lines, not edited in place. */
export const EDITABLE_TEXT_LENGTH = 1_000_000;
/** Lines of a long text shown in its preview. */
const PREVIEW_LINES = 40;

/** Lines of a text (\r\n, \n or \r), counted without splitting it. */
function lineCount(text: string): number {
  if (text === '') return 0;
  let lines = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) lines++;
  }
  return lines;
}

function firstLines(text: string, count: number): string {
  let end = 0;
  for (let line = 0; line < count && end !== -1; line++) end = text.indexOf('\n', end + 1);
  return end === -1 ? text : text.slice(0, end);
}

function sizeText(text: string, maxLength: number | undefined): string {
  const lines = lineCount(text);
  const limit = maxLength !== undefined ? ` (at most ${maxLength.toLocaleString('en-US')})` : '';
  return `${lines.toLocaleString('en-US')} lines, ${text.length.toLocaleString('en-US')} characters${limit}`;
}

export function TextParameterCard({ field, value, onChange, error, disabled }: TextParameterCardProps) {
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const titleId = `text-parameter-${field.path.replace(/\W/g, '-')}`;

  async function load(file: File) {
    setFileError(null);
    const text = await file.text();
    if (field.maxLength !== undefined && text.length > field.maxLength) {
      setFileError(`${file.name}: ${textTooLong(field.maxLength, field.label, text.length)}`);
      return;
    }
    setFileName(file.name);
    onChange(text);
  }

  const message = fileError ?? error;
  const long = value.length > EDITABLE_TEXT_LENGTH;
  const preview = useMemo(() => (long ? firstLines(value, PREVIEW_LINES) : ''), [long, value]);
  const size = useMemo(() => sizeText(value, field.maxLength), [value, field.maxLength]);
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography id={titleId} variant="h3" component="h2" sx={{ flexGrow: 1 }}>
            {field.label}
          </Typography>
          <FileButton
            variant="outlined"
            accept={field.accept}
            inputLabel={`Load ${field.label} from a file`}
            testId={`file-${field.path}`}
            onFile={(file) => void load(file)}
            disabled={disabled}
            startIcon={<Icon path={mdiFileUploadOutline} size={0.8} aria-hidden />}
          >
            Load file
          </FileButton>
        </Box>
        {field.description ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {field.description}
          </Typography>
        ) : null}
        {long ? (
          <LongText
            label={field.label}
            preview={preview}
            summary={`${fileName ? `${fileName}: ` : ''}${size}`}
            message={message}
            disabled={disabled}
            onClear={() => {
              setFileName(null);
              onChange('');
            }}
          />
        ) : (
          <TextField
            label={field.label}
            value={value}
            onChange={(event) => {
              setFileError(null);
              setFileName(null);
              onChange(event.target.value);
            }}
            disabled={disabled}
            error={Boolean(message)}
            helperText={message ?? `${fileName ? `${fileName}: ` : ''}${size}`}
            multiline
            minRows={10}
            maxRows={24}
            fullWidth
            size="small"
            slotProps={{ htmlInput: { spellCheck: false, 'data-path': field.path, style: { fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre', overflowX: 'auto' } } }}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** A text too long to edit in place: its size, its first lines, and Clear (Load file replaces it). */
function LongText({ label, preview, summary, message, disabled, onClear }: { label: string; preview: string; summary: string; message: string | undefined; disabled: boolean; onClear(): void }) {
  return (
    <Box role="group" aria-label={`${label}: first lines`}>
      <Box component="pre" sx={{ m: 0, p: 1, maxHeight: 320, overflow: 'auto', fontSize: 13, bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {preview}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
        <Typography variant="caption" color={message ? 'error' : 'text.secondary'} sx={{ flexGrow: 1 }}>
          {message ?? `${summary}: too long to edit here; the first ${PREVIEW_LINES} lines are shown. Edit the file and load it again.`}
        </Typography>
        <Button size="small" onClick={onClear} disabled={disabled}>
          Clear
        </Button>
      </Box>
    </Box>
  );
}
