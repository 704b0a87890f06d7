import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait 1 s by default; with the server suites sharing two cores, rendering a lazy MUI
// screen can take longer. A wait only ends early on success, so a longer limit hides no failure.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout, so no scrolling; the router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
