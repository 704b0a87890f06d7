import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Table, TableBody, TableCell, TableContainer, TableRow, TextField, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiLanConnect, mdiLanDisconnect, mdiRefresh } from '@mdi/js';
import { SseTestQuery } from '@simforge/contracts';
import { EmptyTableRow } from '../../../components/ui/EmptyTableRow';
import { PageHeader } from '../../../components/ui/PageHeader';
import { formatTime } from '../../../lib/time';
import { useTestStream } from './useTestStream';
import { TableHeadings } from '../../../components/ui/TableHeadings';

const stateLabel = { idle: 'Not connected', connecting: 'Connecting', open: 'Open', retrying: 'Reconnecting', closed: 'Closed' } as const;
const stateColour = { idle: 'default', connecting: 'warning', open: 'success', retrying: 'warning', closed: 'default' } as const;

/** main/simulations/sse-test: the test stream's ticks as they arrive, with their ids; reconnect resumes with Last-Event-ID. */
export function SseTestScreen() {
  const stream = useTestStream();
  const [seconds, setSeconds] = useState('10');
  const [intervalMs, setIntervalMs] = useState('1000');
  const parsed = SseTestQuery.safeParse({ seconds, interval_ms: intervalMs });
  // Connect once on arrival with the defaults; leaving the page closes the stream.
  const { connect, disconnect } = stream;
  const first = useRef({ connect, disconnect });
  useEffect(() => {
    const { connect: open, disconnect: close } = first.current;
    open({ seconds: 10, intervalMs: 1000 });
    return () => close();
  }, []);

  const connected = stream.state === 'open' || stream.state === 'connecting' || stream.state === 'retrying';
  return (
    <>
      <PageHeader title="SSE test" subtitle="The server-sent-events test stream GET /api/v1/utils/sse-test, read with the same fetch-based client as the simulation pages." />
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <TextField label="Ticks for" size="small" value={seconds} onChange={(e) => setSeconds(e.target.value)} sx={{ width: 140 }} error={!parsed.success} slotProps={{ input: { endAdornment: <Typography variant="body2" color="text.secondary">s</Typography> }, htmlInput: { inputMode: 'numeric' } }} />
          <TextField label="Interval" size="small" value={intervalMs} onChange={(e) => setIntervalMs(e.target.value)} sx={{ width: 140 }} error={!parsed.success} slotProps={{ input: { endAdornment: <Typography variant="body2" color="text.secondary">ms</Typography> }, htmlInput: { inputMode: 'numeric' } }} />
          <Button variant="contained" disabled={!parsed.success} onClick={() => parsed.success && stream.connect({ seconds: parsed.data.seconds, intervalMs: parsed.data.interval_ms })} startIcon={<Icon path={mdiLanConnect} size={0.8} aria-hidden />}>
            Connect
          </Button>
          <Button variant="outlined" onClick={() => stream.reconnect()} disabled={stream.state === 'idle'} startIcon={<Icon path={mdiRefresh} size={0.8} aria-hidden />}>
            Reconnect
          </Button>
          <Button onClick={() => stream.disconnect()} disabled={!connected} startIcon={<Icon path={mdiLanDisconnect} size={0.8} aria-hidden />}>
            Disconnect
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Chip label={stateLabel[stream.state]} color={stateColour[stream.state]} variant="outlined" data-state={stream.state} aria-label={`Connection: ${stateLabel[stream.state]}`} />
          <Typography variant="body2" color="text.secondary">
            Last-Event-ID: <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.primary' }} data-testid="last-event-id">{stream.lastEventId || '—'}</Box>
          </Typography>
        </CardContent>
      </Card>
      {!parsed.success ? <Alert severity="error" sx={{ mb: 2 }}>Ticks for 1 to 300 s, interval 50 to 10000 ms.</Alert> : null}
      {stream.error ? <Alert severity="warning" sx={{ mb: 2 }}>{stream.error}</Alert> : null}
      {stream.ended ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          The stream ended after tick {stream.ticks.at(-1)?.n ?? '—'}. Connect starts a new one.
        </Alert>
      ) : null}
      <Card>
        <TableContainer sx={{ maxHeight: 480 }}>
          <Table size="small" stickyHeader aria-label="Received ticks">
            <TableHeadings columns={['Event id', 'Tick', 'Remaining', 'Sent at (server)', 'Received at', 'Connection']} />
            <TableBody>
              {[...stream.ticks].reverse().map((tick) => (
                <TableRow key={`${tick.connection}-${tick.id}`}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{tick.id}</TableCell>
                  <TableCell>{tick.n}</TableCell>
                  <TableCell>{tick.remaining}</TableCell>
                  <TableCell>{formatTime(tick.at)}</TableCell>
                  <TableCell>{formatTime(tick.receivedAt)}</TableCell>
                  <TableCell>#{tick.connection}</TableCell>
                </TableRow>
              ))}
              {stream.ticks.length === 0 ? (
                <EmptyTableRow colSpan={6} sx={{ py: 2, textAlign: 'center' }}>
                  No ticks received yet.
                </EmptyTableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </>
  );
}
