import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CircularProgress, LinearProgress } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';

// The waiting animations must move by transform only (the compositor plays them without laying out
// or painting the page): MUI's own indeterminate bars move `left` and `right`, its spinner redraws
// the circle's dashes, 60 times a second for as long as a run is queued or running.

/** The CSS emotion wrote for the class of `element`, and the @keyframes it names. */
function animationOf(element: Element): { animation: string; keyframes: string } {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  const own = [...element.classList].filter((name) => name.startsWith('css-'));
  const declarations = own.flatMap((name) => [...css.matchAll(new RegExp(`\\.${name}\\{([^}]*)\\}`, 'g'))].map((m) => m[1]!)).join(';');
  const animation = [...declarations.matchAll(/(?:^|;)animation:([^;]*)/g)].pop()?.[1] ?? '';
  const name = animation.trim().split(/\s+/)[0] ?? '';
  const keyframes = new RegExp(`@keyframes ${name}\\{((?:[^{}]*\\{[^}]*\\})*)\\}`).exec(css)?.[1] ?? '';
  return { animation, keyframes };
}

/** The properties the keyframes set (vendor-prefixed copies counted as the property). */
const animatedProperties = (keyframes: string) => [...new Set([...keyframes.matchAll(/([a-z-]+)\s*:/g)].map((m) => m[1]!.replace(/^-(webkit|moz|ms)-/, '')))];

describe('theme: waiting animations', () => {
  it('moves the indeterminate progress bars by transform only, with MUI’s timing', () => {
    const { container } = render(
      <ThemeProvider theme={theme}>
        <LinearProgress aria-label="Waiting" />
      </ThemeProvider>,
    );
    for (const [bar, timing] of [['.MuiLinearProgress-bar1', '2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite'], ['.MuiLinearProgress-bar2', '1.15s infinite']] as const) {
      const { animation, keyframes } = animationOf(container.querySelector(bar)!);
      expect(animation).toContain(timing);
      expect(keyframes).not.toBe('');
      expect(animatedProperties(keyframes)).toEqual(['transform']);
    }
  });

  it('spins the indeterminate circle without redrawing its dashes', () => {
    const { container } = render(
      <ThemeProvider theme={theme}>
        <CircularProgress aria-label="Waiting" />
      </ThemeProvider>,
    );
    expect(animatedProperties(animationOf(container.querySelector('.MuiCircularProgress-root')!).keyframes)).toEqual(['transform']);
    const circle = animationOf(container.querySelector('.MuiCircularProgress-circle')!);
    expect(circle.animation.trim() === '' || circle.animation.includes('none')).toBe(true);
  });
});
