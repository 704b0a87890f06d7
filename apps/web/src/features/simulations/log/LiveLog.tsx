import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Chip, InputAdornment, TextField, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiArrowDown, mdiDownload, mdiMagnify } from '@mdi/js';
import type { LogLine } from '@simforge/contracts';
import { filterLog, formatLogTime } from './logLines';

const levelColour: Record<LogLine['level'], string> = {
  debug: '#7b8794',
  info: '#d8dee9',
  warn: '#f5b342',
  error: '#ff6b6b',
};

/** Pixels from the bottom that still count as "following the end". */
const FOLLOW_SLACK_PX = 24;

/**
 * One line of the log. Memoised: the live log grows by a batch of lines a few times a second and a
 * long run's log holds thousands, of which only the new ones need rendering (lines keep their
 * objects from batch to batch, useSimulationLive).
 */
const LogRow = memo(function LogRow({ line }: { line: LogLine }) {
  return (
    <Box data-level={line.level} sx={{ display: 'flex', gap: 1.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word', color: levelColour[line.level] }}>
      <Box component="span" sx={{ color: levelColour.debug, flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
        {formatLogTime(line.t)}
      </Box>
      <Box component="span" sx={{ flexShrink: 0, width: 44, fontWeight: 600 }}>
        {line.level.toUpperCase()}
      </Box>
      <Box component="span">{line.message}</Box>
    </Box>
  );
});

/**
 * A solver log: monospace lines with time and level colours, a search filter, and auto-scroll that
 * follows new lines until the user scrolls up (then "Jump to latest" brings them back).
 */
export function LiveLog({
  lines,
  live = false,
  title = 'Log',
  onDownload,
  downloading = false,
  height = 360,
  emptyText = 'No log lines yet.',
  toolbar,
}: {
  lines: readonly LogLine[];
  live?: boolean;
  title?: string;
  onDownload?: () => void;
  downloading?: boolean;
  height?: number;
  emptyText?: string;
  toolbar?: ReactNode;
}) {
  const [filter, setFilter] = useState('');
  const [following, setFollowing] = useState(true);
  const scroller = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => filterLog(lines, filter), [lines, filter]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && following) el.scrollTop = el.scrollHeight;
  }, [shown, following]);

  // A new filter starts at the end again.
  useEffect(() => setFollowing(true), [filter]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK_PX;
    if (atEnd !== following) setFollowing(atEnd);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Typography variant="h3" component="h2" sx={{ mr: 1 }}>
          {title}
        </Typography>
        {live ? <Chip size="small" color="success" variant="outlined" label="Live" /> : null}
        <Typography variant="caption" color="text.secondary" aria-live="polite">
          {filter ? `${shown.length} of ${lines.length} lines` : `${lines.length} ${lines.length === 1 ? 'line' : 'lines'}`}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {toolbar}
        <TextField
          size="small"
          label="Filter log"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          sx={{ width: 220 }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Icon path={mdiMagnify} size={0.75} aria-hidden /></InputAdornment> } }}
        />
        {onDownload ? (
          <Button size="small" variant="outlined" onClick={onDownload} disabled={downloading || lines.length === 0} startIcon={<Icon path={mdiDownload} size={0.8} aria-hidden />}>
            Download log
          </Button>
        ) : null}
      </Box>
      <Box sx={{ position: 'relative' }}>
        <Box
          ref={scroller}
          onScroll={onScroll}
          role="log"
          aria-label={title}
          aria-live={live ? 'polite' : 'off'}
          tabIndex={0}
          sx={{
            height,
            overflow: 'auto',
            bgcolor: '#1b2330',
            color: levelColour.info,
            borderRadius: 1,
            px: 1.5,
            py: 1,
            fontFamily: '"JetBrains Mono", "SFMono-Regular", Consolas, "Liberation Mono", monospace',
            fontSize: 12.5,
            lineHeight: 1.6,
          }}
        >
          {shown.length === 0 ? (
            <Box sx={{ color: levelColour.debug, fontStyle: 'italic' }}>{lines.length === 0 ? emptyText : 'No line matches the filter.'}</Box>
          ) : (
            shown.map((line) => <LogRow key={line.seq} line={line} />)
          )}
        </Box>
        {!following && shown.length > 0 ? (
          <Button
            size="small"
            variant="contained"
            onClick={() => setFollowing(true)}
            startIcon={<Icon path={mdiArrowDown} size={0.7} aria-hidden />}
            sx={{ position: 'absolute', right: 16, bottom: 12 }}
          >
            Jump to latest
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
