// The frame the families' schematics are drawn in: a fixed drawing size that scales down with the
// page (smaller still where a schematic sits beside a form), named for screen readers, and the
// hatching of the cut solids (plate, clamps) as engineering drawings show them.
import { useId, type ReactNode } from 'react';

interface Props {
  /** The drawing's own size: its coordinates run over 0..width and 0..height. */
  width: number;
  height: number;
  compact: boolean;
  /** What the drawing shows, read out by screen readers. */
  label: string;
  testId: string;
  /** The drawing; `hatched` is the fill of the hatched solids. */
  children: (hatched: string) => ReactNode;
}

export function SchematicFrame({ width, height, compact, label, testId, children }: Props) {
  const hatch = useId();
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width="100%" style={{ maxWidth: compact ? 220 : width, display: 'block' }} role="img" aria-label={label} data-testid={testId}>
      <defs>
        <pattern id={hatch} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <line x1="0" y1="0" x2="0" y2="6" stroke="#5f6b77" strokeWidth="1.2" />
        </pattern>
      </defs>
      {children(`url(#${hatch})`)}
    </svg>
  );
}
