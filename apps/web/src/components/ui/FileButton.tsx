import { useRef, type ReactNode } from 'react';
import { Button } from '@mui/material';

interface Props {
  /** The button's text. */
  children: ReactNode;
  /** The file types offered (the input's `accept`). */
  accept?: string;
  /** The hidden input's accessible name: how assistive technology and tests reach it. */
  inputLabel: string;
  testId?: string;
  onFile(file: File): void;
  disabled?: boolean;
  startIcon?: ReactNode;
  size?: 'small' | 'medium';
  variant?: 'text' | 'outlined' | 'contained';
}

/** A button that opens the file chooser and hands over the chosen file. */
export function FileButton({ children, accept, inputLabel, testId, onFile, disabled, startIcon, size = 'small', variant = 'text' }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size={size} variant={variant} disabled={disabled} startIcon={startIcon} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        aria-label={inputLabel}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Forgotten at once, so that choosing the same file again (after fixing it) reads it again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
