import { expect, type Page } from '@playwright/test';

// What a result page must never show, measured from the elements' boxes in the browser: a page
// wider than the window, content running out of its card, chart labels drawn over each other or
// over the card's other content, a chart axis without its unit, the assistant's button over a card. Returns one line per problem
// (empty when the page is clean), naming the elements so a failure says where to look.

export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    /** Boxes may touch or share a pixel of anti-aliasing. */
    const SLACK = 1.5;

    const describe = (el: Element): string => {
      const id = el.getAttribute('data-testid') ?? el.getAttribute('aria-label');
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `<${el.tagName.toLowerCase()}${id ? ` "${id}"` : ''}>${text ? ` "${text}"` : ''}`;
    };
    const cardName = (card: Element) => card.getAttribute('aria-label') ?? (card.querySelector('figcaption, h2, h3, h6')?.textContent ?? '').trim().slice(0, 60);
    const shown = (el: Element): DOMRect | null => {
      const box = el.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) return null;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) return null;
      return box;
    };
    const overlap = (a: DOMRect, b: DOMRect) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > SLACK && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > SLACK;
    /** The nearest ancestor below `limit` that clips its content (a scroller, an SVG without overflow visible). */
    const clipper = (el: Element, limit: Element): Element | null => {
      for (let a = el.parentElement; a && a !== limit; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible') return a;
      }
      return null;
    };

    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`the page scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth} px`);

    const cards = Array.from(document.querySelectorAll('.MuiCard-root')).filter((c) => shown(c));
    for (const card of cards) {
      const frame = card.getBoundingClientRect();
      const where = `card "${cardName(card)}"`;
      // Nothing runs out of its card, unless a scroller or a clipping drawing inside the card holds it.
      for (const el of Array.from(card.querySelectorAll('*'))) {
        const box = shown(el);
        if (!box) continue;
        const clip = clipper(el, card);
        // A label cut by its drawing's edge is as unreadable as one cut by the card's.
        if (clip && el.tagName.toLowerCase() !== 'text') continue;
        const limit = clip ? clip.getBoundingClientRect() : frame;
        if (box.right > limit.right + SLACK || box.left < limit.left - SLACK || box.top < limit.top - SLACK || box.bottom > limit.bottom + SLACK) {
          problems.push(`${where}: ${describe(el)} is cut by the edge of ${clip ? 'its drawing' : 'the card'} (${Math.round(box.left)}–${Math.round(box.right)} × ${Math.round(box.top)}–${Math.round(box.bottom)} in ${Math.round(limit.left)}–${Math.round(limit.right)} × ${Math.round(limit.top)}–${Math.round(limit.bottom)})`);
          break;
        }
      }
      // The labels of each drawing are apart from each other and from the card's other content.
      const drawings = Array.from(card.querySelectorAll('svg')).filter((svg) => !svg.parentElement?.closest('svg') && svg.querySelector('text'));
      for (const svg of drawings) {
        const labels = Array.from(svg.querySelectorAll('text'))
          .filter((t) => (t.textContent ?? '').trim() !== '')
          .map((t) => ({ el: t as Element, box: shown(t) }))
          .filter((l): l is { el: Element; box: DOMRect } => l.box !== null);
        let clash = false;
        for (let i = 0; i < labels.length && !clash; i++)
          for (let j = i + 1; j < labels.length && !clash; j++)
            if (overlap(labels[i]!.box, labels[j]!.box)) {
              problems.push(`${where}: labels overlap: ${describe(labels[i]!.el)} and ${describe(labels[j]!.el)}`);
              clash = true;
            }
        const others = Array.from(card.querySelectorAll('*')).filter(
          (el) =>
            !svg.contains(el) &&
            !el.contains(svg) &&
            !el.closest('svg') &&
            (['canvas', 'button', 'input', 'img'].includes(el.tagName.toLowerCase()) || Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '')),
        );
        for (const other of others) {
          const box = shown(other);
          if (!box) continue;
          const hit = labels.find((l) => overlap(l.box, box));
          if (hit) {
            problems.push(`${where}: ${describe(hit.el)} of a drawing lies over ${describe(other)}`);
            break;
          }
        }
      }
    }

    // Every chart names its axes with their units: `Time [s]`, `Nusselt number [–]`.
    for (const chart of Array.from(document.querySelectorAll('[data-testid="series-chart"], [data-testid="xy-chart"]'))) {
      const withUnit = Array.from(chart.querySelectorAll('svg text')).filter((t) => /\[[^\]]+\]$/.test((t.textContent ?? '').trim()));
      if (withUnit.length < 2) problems.push(`${describe(chart)}: an axis without its unit`);
    }

    const assistant = Array.from(document.querySelectorAll('button')).find((b) => /Ask the assistant/.test(b.textContent ?? ''));
    const assistantBox = assistant ? shown(assistant) : null;
    if (assistantBox)
      for (const card of cards)
        if (overlap(assistantBox, card.getBoundingClientRect())) problems.push(`the assistant's button covers card "${cardName(card)}"`);
    return problems;
  });
}

/** No layout problem once the page has settled (charts redraw after a resize); a soft failure names every problem. */
export async function expectCleanLayout(page: Page, where: string) {
  let problems: string[] = [];
  await expect
    .poll(async () => (problems = await layoutProblems(page)).length, { timeout: 5_000 })
    .toBe(0)
    .catch(() => undefined);
  expect.soft(problems, where).toEqual([]);
}
