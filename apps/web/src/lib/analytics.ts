// Tag-manager analytics (spec sections 1 and 9): the script loads only after consent and only when
// a container id is configured. Until then nothing is pushed anywhere.

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

type DataLayerEvent = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

let activeContainer: string | null = null;

export function tagManagerUrl(containerId: string): string {
  return `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`;
}

export function isAnalyticsActive(): boolean {
  return activeContainer !== null;
}

/** Loads the tag manager once. Call only after consent was given. */
export function startAnalytics(containerId: string): void {
  if (activeContainer !== null || !containerId) return;
  activeContainer = containerId;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = tagManagerUrl(containerId);
  script.dataset.analytics = 'tag-manager';
  document.head.appendChild(script);
}

function push(event: DataLayerEvent): void {
  if (activeContainer === null) return;
  (window.dataLayer ??= []).push(event);
}

/** A page view. Only the path: queries can carry secrets (reset tokens, sign-in codes). */
export function trackPageView(pathname: string): void {
  push({ event: 'page_view', page_path: pathname, page_title: document.title });
}

export function trackInteraction(label: string, element: string): void {
  push({ event: 'user_interaction', interaction_label: label, interaction_element: element });
}

/** For the simulation screens: run, abort, create, delete ... */
export function trackSimulationEvent(name: string, data: Record<string, unknown> = {}): void {
  push({ event: 'simulation_event', simulation_event: name, ...data });
}

const INTERACTIVE = 'button, a, [role="button"], [role="link"], [role="menuitem"], [role="tab"], [role="option"]';

/** What a click was on: the nearest button or link and its label (aria-label, else its text). */
export function interactionOf(target: EventTarget | null): { label: string; element: string } | null {
  if (!(target instanceof Element)) return null;
  const element = target.closest(INTERACTIVE);
  if (!element) return null;
  const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 100);
  if (!label) return null;
  return { label, element: element.getAttribute('role') ?? element.tagName.toLowerCase() };
}

/** Tests only. */
export function resetAnalytics(): void {
  activeContainer = null;
  delete window.dataLayer;
  document.querySelectorAll('script[data-analytics="tag-manager"]').forEach((s) => s.remove());
}
