// What the two renderers of the network map (SVG for small networks, canvas for large ones) share:
// their props, the selected element and the colours, so both draw the same picture and neither
// imports the other.
import type { NetworkDocument } from '@simforge/contracts';

export interface MapSelection {
  elements: 'node' | 'link';
  id: string;
}

export interface NetworkMapProps {
  network: NetworkDocument;
  /** Colour of each coloured element by id (nodes or links, as `coloured` says). */
  colours: ReadonlyMap<string, string>;
  coloured: 'node' | 'link';
  selected: MapSelection | null;
  onSelect(selection: MapSelection): void;
  height: number;
  /** Tooltip of an element. */
  describe(selection: MapSelection): string;
}

/** An element of the coloured kind without a value, and every link while the nodes are coloured. */
export const GREY = '#b0bec5';
/** The nodes' fill while the links are coloured. */
export const PLAIN_NODE = '#eceff1';
/** The nodes' outline. */
export const NODE_OUTLINE = '#455a64';
/** The selected element's outline. */
export const SELECTED = '#ff6f00';
/** The map's background. */
export const BACKGROUND = '#fafafa';
