// Below the canvas: what the network does over time — its patterns, curves and simple controls — each
// on its own tab with its count and problems. Edits go through the editor's history like the others.
// No tab is open at first: the tables are drawn only when asked for, so that the canvas edits of a
// large network do not re-render them.
import { memo, useState } from 'react';
import { Badge, Box, Tab, Tabs } from '@mui/material';
import type { ScheduleKind } from '../model/scheduleChecks';
import { ControlsSection } from './ControlsSection';
import { CurvesSection } from './CurvesSection';
import { PatternsSection, type SectionProps } from './PatternsSection';

const tabs: { kind: ScheduleKind; label: string }[] = [
  { kind: 'pattern', label: 'Patterns' },
  { kind: 'curve', label: 'Curves' },
  { kind: 'control', label: 'Controls' },
];

export const SchedulesPanel = memo(function SchedulesPanel(props: SectionProps) {
  const [tab, setTab] = useState<ScheduleKind | false>(false);
  const { network, issues } = props;
  const counts: Record<ScheduleKind, number> = { pattern: network.patterns.length, curve: network.curves.length, control: network.controls.length };
  const problems = (kind: ScheduleKind) => issues.filter((i) => i.schedule?.kind === kind).length;
  return (
    <Box role="region" aria-label="Patterns, curves and controls">
      <Tabs value={tab} onChange={(_e, value: ScheduleKind) => setTab(value)} sx={{ mb: tab ? 1.5 : 0 }}>
        {tabs.map(({ kind, label }) => (
          <Tab
            key={kind}
            value={kind}
            label={
              <Badge color="error" badgeContent={problems(kind)} invisible={problems(kind) === 0}>
                <span>{`${label} (${counts[kind]})`}</span>
              </Badge>
            }
          />
        ))}
      </Tabs>
      {tab === 'pattern' ? <PatternsSection {...props} /> : tab === 'curve' ? <CurvesSection {...props} /> : tab === 'control' ? <ControlsSection {...props} /> : null}
    </Box>
  );
});
