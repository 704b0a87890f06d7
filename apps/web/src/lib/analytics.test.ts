import { afterEach, describe, expect, it } from 'vitest';
import { interactionOf, isAnalyticsActive, resetAnalytics, startAnalytics, trackInteraction, trackPageView, trackSimulationEvent } from './analytics';

afterEach(() => resetAnalytics());

describe('analytics', () => {
  it('pushes nothing before it is started', () => {
    trackPageView('/main');
    trackInteraction('Save', 'button');
    trackSimulationEvent('run', { type: 'BUTT_WELD' });
    expect(window.dataLayer).toBeUndefined();
    expect(isAnalyticsActive()).toBe(false);
  });

  it('injects the script once and initialises the data layer with gtm.start', () => {
    startAnalytics('GTM-ABC');
    startAnalytics('GTM-ABC');
    const scripts = document.querySelectorAll('script[src="https://www.googletagmanager.com/gtm.js?id=GTM-ABC"]');
    expect(scripts).toHaveLength(1);
    expect(window.dataLayer).toHaveLength(1);
    expect(window.dataLayer![0]).toMatchObject({ event: 'gtm.js' });
  });

  it('then pushes page views (path only), interactions and simulation events', () => {
    startAnalytics('GTM-ABC');
    trackPageView('/reset-password');
    trackInteraction('Accept All', 'button');
    trackSimulationEvent('simulation_run', { simulation_type: 'BUTT_WELD' });
    expect(window.dataLayer!.slice(1)).toEqual([
      expect.objectContaining({ event: 'page_view', page_path: '/reset-password' }),
      { event: 'user_interaction', interaction_label: 'Accept All', interaction_element: 'button' },
      { event: 'simulation_event', simulation_event: 'simulation_run', simulation_type: 'BUTT_WELD' },
    ]);
  });

  it('labels clicks by the nearest button or link', () => {
    document.body.innerHTML = '<button aria-label="Open navigation"><svg><path id="p"/></svg></button><a href="/x"><span id="s">  Sign   in </span></a><div id="d">plain</div>';
    expect(interactionOf(document.getElementById('p'))).toEqual({ label: 'Open navigation', element: 'button' });
    expect(interactionOf(document.getElementById('s'))).toEqual({ label: 'Sign in', element: 'a' });
    expect(interactionOf(document.getElementById('d'))).toBeNull();
    document.body.innerHTML = '';
  });
});
