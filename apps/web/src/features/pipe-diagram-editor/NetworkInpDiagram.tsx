// The diagram editor bound to a PIPE_NETWORK's `.inp` text, which stays the parameter on the wire:
// the text is read into the diagram through the server (again whenever it is changed outside the
// diagram: typed, or a file loaded), and each edit that passes the checks is written back as `.inp`
// text. While the diagram has problems the text is left as it was and the form is told why, so the
// simulation cannot be saved with a drawing that differs from its file. The server reads the rules
// with the engine's parser as it writes: their faulty lines come back by number, are shown under the
// rules field, and block saving the same way until a write succeeds.
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import type { InpToNetworkResponse, NetworkDocument } from '@simforge/contracts';
import { conversionMessage, inpToNetwork, networkToInp, ruleErrorsOf, type RuleError } from './conversionApi';
import { issuePlace, type NetworkIssue } from './model/validation';
import { PipeDiagramEditor, type EditorVariant } from './PipeDiagramEditor';

export interface NetworkInpDiagramProps {
  inp: string;
  onInpChange(text: string): void;
  /** A sentence while the diagram cannot be saved (problems, or still writing), null when it can. */
  onBlocked(reason: string | null): void;
  variant: EditorVariant;
  disabled?: boolean;
}

const READ_DELAY_MS = 400;
const WRITE_DELAY_MS = 250;

export function problemsSentence(issues: readonly NetworkIssue[]): string {
  const first = issues[0]!;
  const place = issuePlace(first);
  const where = place ? `${place}: ` : '';
  return `The diagram has ${issues.length} problem(s) to fix before saving, first ${where}${first.message}`;
}

export function ruleErrorsSentence(errors: readonly RuleError[]): string {
  const first = errors[0]!;
  return `The rules have ${errors.length} error(s) to fix before saving, first line ${first.line}: ${first.message}`;
}

const NO_RULE_ERRORS: readonly RuleError[] = [];

export default function NetworkInpDiagram({ inp, onInpChange, onBlocked, variant, disabled }: NetworkInpDiagramProps) {
  const [document, setDocument] = useState<{ network: NetworkDocument; version: number } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  // What the file holds that the run will not use (EPANET sections or options this engine ignores).
  const [unused, setUnused] = useState<InpToNetworkResponse['warnings']>([]);
  const [reading, setReading] = useState(false);
  const [ruleErrors, setRuleErrors] = useState<readonly RuleError[]>(NO_RULE_ERRORS);
  // The text the diagram shows (read from, or written by it): another text means it changed outside.
  const synced = useRef<string | null>(null);
  const writeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onBlockedRef = useRef(onBlocked);
  onBlockedRef.current = onBlocked;

  useEffect(() => {
    if (inp === synced.current) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setReading(true);
      inpToNetwork(inp, controller.signal)
        .then((answer) => {
          synced.current = inp;
          setReadError(null);
          setUnused(answer.warnings);
          setRuleErrors(NO_RULE_ERRORS);
          setDocument((current) => ({ network: answer.network, version: (current?.version ?? 0) + 1 }));
          onBlockedRef.current(null);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setReadError(conversionMessage(error));
        })
        .finally(() => {
          if (!controller.signal.aborted) setReading(false);
        });
    }, READ_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [inp]);

  useEffect(
    () => () => {
      if (writeTimer.current) clearTimeout(writeTimer.current);
      onBlockedRef.current(null);
    },
    [],
  );

  function changed(network: NetworkDocument, issues: NetworkIssue[]) {
    if (writeTimer.current) clearTimeout(writeTimer.current);
    if (issues.length > 0) {
      onBlocked(problemsSentence(issues));
      return;
    }
    onBlocked('The diagram is being written to the .inp text');
    writeTimer.current = setTimeout(() => {
      networkToInp(network)
        .then((answer) => {
          synced.current = answer.inp;
          setRuleErrors(NO_RULE_ERRORS);
          onInpChange(answer.inp);
          onBlockedRef.current(null);
        })
        .catch((error: unknown) => {
          const faulty = ruleErrorsOf(error);
          setRuleErrors(faulty ?? NO_RULE_ERRORS);
          onBlockedRef.current(faulty ? ruleErrorsSentence(faulty) : `The diagram could not be written: ${conversionMessage(error)}`);
        });
    }, WRITE_DELAY_MS);
  }

  return (
    <Card component="section" aria-label="Pipe diagram">
      <CardContent>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          Pipe diagram
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          The network of the .inp file as a drawing: edits here are written to the file text as you make them (when the checks pass); a changed file is drawn again.
        </Typography>
        {reading ? <LinearProgress aria-label="Reading the network" sx={{ mb: 1 }} /> : null}
        {readError ? (
          <Alert severity="warning" sx={{ mb: 1 }}>
            The diagram cannot show this file: {readError}
          </Alert>
        ) : null}
        {unused.length > 0 && !readError ? <UnusedItems warnings={unused} /> : null}
        {document ? (
          <Box>
            <PipeDiagramEditor key={document.version} initial={document.network} variant={variant} disabled={disabled || Boolean(readError)} onChange={changed} ruleErrors={ruleErrors} />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

const SHOWN_UNUSED = 8;

/** The file's items the run will not use, each with its line, before the simulation is run. */
function UnusedItems({ warnings }: { warnings: InpToNetworkResponse['warnings'] }) {
  const shown = warnings.slice(0, SHOWN_UNUSED);
  return (
    <Alert severity="warning" sx={{ mb: 1 }} aria-label="Not used by the run">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        The run will not use {warnings.length === 1 ? 'one item' : `${warnings.length} items`} of this file:
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {shown.map((w) => (
          <li key={`${w.line}-${w.section}-${w.message}`}>
            <Typography variant="body2">
              line {w.line} [{w.section}] {w.message}
            </Typography>
          </li>
        ))}
      </Box>
      {warnings.length > shown.length ? <Typography variant="body2">and {warnings.length - shown.length} more</Typography> : null}
    </Alert>
  );
}
