// A text parameter (widget `text`: a PIPE_NETWORK's EPANET `.inp` file): a multi-line box and a
// "Load file" button that reads a chosen file into it. The value travels as it is; the form checks
// that it is there and not too long, the server reads it (its messages name the line).
import { useState } from 'react';
import { Box, Card, CardContent, TextField, Typography } from '@mui/material';
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

function sizeText(text: string, maxLength: number | undefined): string {
  const lines = text === '' ? 0 : text.split(/\r\n|\n|\r/).length;
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
          helperText={message ?? `${fileName ? `${fileName}: ` : ''}${sizeText(value, field.maxLength)}`}
          multiline
          minRows={10}
          maxRows={24}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { spellCheck: false, 'data-path': field.path, style: { fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre', overflowX: 'auto' } } }}
        />
      </CardContent>
    </Card>
  );
}
