import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../app/theme';
import { AssistantButton } from './AssistantButton';

describe('the assistant button', () => {
  it('sits in the page flow, never fixed over the content', () => {
    render(
      <ThemeProvider theme={theme}>
        <AssistantButton screen="create" type="CIRCULAR_PIPE" parameters={{}} />
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Open the assistant' });
    for (let element: HTMLElement | null = button; element; element = element.parentElement) {
      expect(getComputedStyle(element).position, element.tagName).not.toBe('fixed');
    }
    expect(button.textContent).toContain('Ask the assistant');
  });
});
