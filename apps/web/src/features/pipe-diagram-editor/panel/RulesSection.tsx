// Rule-based controls as EPANET's [RULES] text, typed as it is in a file, and how often they are checked. The web app has no rule
// parser of its own: the server reads the text with the engine's, against the network's nodes and
// links, each time the diagram is written (or exported), and its line-numbered errors are shown here.
// The text is written to the document when the field is left (or Ctrl+Enter), one undo step per edit.
import { useEffect, useState } from 'react';
import { Alert, Box, TextField, Typography } from '@mui/material';
import type { NetworkDocument } from '@simforge/contracts';
import type { RuleError } from '../conversionApi';
import type { SectionProps } from './PatternsSection';
import { SubStepField } from './SubStepField';

// The metric flow units of an .inp file: with them lengths are in metres and pressure in metres by default.
const SI_FLOW_UNITS = new Set(['LPS', 'LPM', 'MLD', 'CMH', 'CMD', 'CMS']);

/** The units the rules' values are read in: the network's (its .inp file's), by default L/s and metres. */
export function ruleUnits(network: NetworkDocument): string {
  const flow = network.units?.flow ?? 'LPS';
  const pressure = network.units?.pressure ?? (SI_FLOW_UNITS.has(flow) ? 'METERS' : 'PSI');
  const length = SI_FLOW_UNITS.has(flow) ? 'm' : 'ft';
  return `flow in ${flow}, pressure in ${pressure}, heads and levels in ${length}, times as hours or h:mm`;
}

const EXAMPLE = ['RULE 1', 'IF TANK T1 LEVEL BELOW 1.5', 'THEN PIPE P9 STATUS IS OPEN', 'PRIORITY 1'].join('\n');

export function withRules(network: NetworkDocument, text: string): NetworkDocument {
  const { rules: _old, ...rest } = network;
  return text.trim() === '' ? rest : { ...rest, rules: text };
}

export function RulesSection({ network, disabled, onEdit, ruleErrors }: SectionProps & { ruleErrors: readonly RuleError[] }) {
  const stored = network.rules ?? '';
  const [draft, setDraft] = useState(stored);
  // Undo, redo or an import changes the stored text: the field starts again from it.
  useEffect(() => setDraft(stored), [stored]);
  const commit = () => {
    if (draft !== stored) onEdit((n) => withRules(n, draft));
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        Rule-based controls in EPANET’s [RULES] syntax: RULE label, IF / AND / OR conditions on nodes, links or the SYSTEM, THEN / ELSE actions on links, PRIORITY and DISABLED. Values are in the network’s units:{' '}
        {ruleUnits(network)}.
      </Typography>
      <TextField
        label="Rules"
        multiline
        minRows={6}
        maxRows={24}
        fullWidth
        value={draft}
        disabled={disabled}
        error={ruleErrors.length > 0}
        placeholder={EXAMPLE}
        helperText="Checked with the engine’s rule parser when the diagram is written to its .inp text or exported; left empty: no rules."
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            commit();
          }
        }}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', whiteSpace: 'pre' } } }}
      />
      {ruleErrors.length > 0 ? (
        <Alert severity="error" aria-label="Rule errors">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {ruleErrors.length === 1 ? 'One line of the rules is wrong' : `${ruleErrors.length} lines of the rules are wrong`}; the network cannot be saved until they are fixed:
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {ruleErrors.map((e) => (
              <li key={`${e.line}-${e.message}`}>
                <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                  {e.line > 0 ? `line ${e.line}: ${e.message}` : e.message}
                </Typography>
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <SubStepField network={network} disabled={disabled} onEdit={onEdit} step="ruleStep" label="Rule time step" purpose="How often the rules are checked" />
    </Box>
  );
}
