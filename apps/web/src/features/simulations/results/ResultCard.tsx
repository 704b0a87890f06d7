import { Suspense, type ReactNode } from 'react';
import { Card, CardContent, Skeleton } from '@mui/material';
import { ResultCardHeader } from './ResultCardHeader';
import { QueryError } from '../../../components/ui/QueryError';

/** What a result card needs to know of the query that loads its data. */
interface LoadingData {
  isError: boolean;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

interface Props {
  /** The figure's accessible name. */
  name: string;
  /** The caption above the drawing; the name where not given. */
  caption?: string;
  csv: (() => string) | null;
  filename: string;
  /** The query of the card's data: its failure is shown with a retry, and a placeholder while it is pending. */
  query?: LoadingData;
  /** A placeholder is shown instead of the drawing; the query's pending state where not given. */
  pending?: boolean;
  /** The placeholder's height, about the drawing's. */
  height: number;
  /** The plot or map (lazily loaded), null while its data is not there. */
  drawing: ReactNode;
  /** Above the drawing: what chooses what it shows. */
  controls?: ReactNode;
  /** Below the drawing: its notes. */
  children?: ReactNode;
}

/**
 * A result drawn as a figure: the caption with its CSV download, the choices of what is drawn, the
 * drawing (a placeholder of its height while it or its chunk loads) and the notes below it.
 */
export function ResultCard({ name, caption = name, csv, filename, query, pending = query?.isPending ?? false, height, drawing, controls, children }: Props) {
  const placeholder = <Skeleton variant="rounded" height={height} />;
  return (
    <Card component="figure" sx={{ m: 0 }} aria-label={name}>
      <CardContent sx={{ pb: '12px !important' }}>
        <ResultCardHeader label={caption} csv={csv} filename={filename} />
        {controls}
        {query ? <QueryError query={query} /> : null}
        {drawing ? <Suspense fallback={placeholder}>{drawing}</Suspense> : pending ? placeholder : null}
        {children}
      </CardContent>
    </Card>
  );
}
