// Below the canvas: what the network does over time — its patterns, curves, simple controls and
// rule-based controls — its demand model and its water quality, each on its own tab with its count
// and problems. Edits go through the editor's history like the others. No tab is open at first: the
// tables are drawn only when asked for, so that the canvas edits of a large network do not re-render them.
import { memo, useState } from 'react';
import { Badge, Box, Tab, Tabs } from '@mui/material';
import type { RuleError } from '../conversionApi';
import type { ScheduleKind } from '../model/scheduleChecks';
import { ControlsSection } from './ControlsSection';
import { CurvesSection } from './CurvesSection';
import { DemandModelSection } from './DemandModelSection';
import { PatternsSection, type SectionProps } from './PatternsSection';
import { RulesSection } from './RulesSection';
import { WaterQualitySection } from './WaterQualitySection';

type PanelTab = ScheduleKind | 'rules' | 'demand' | 'quality';

export interface SchedulesPanelProps extends SectionProps {
  /** The rules' faulty lines as the server last found them. */
  ruleErrors: readonly RuleError[];
}

export const SchedulesPanel = memo(function SchedulesPanel(props: SchedulesPanelProps) {
  const [tab, setTab] = useState<PanelTab | false>(false);
  const { network, issues, ruleErrors } = props;
  const scheduleProblems = (kind: ScheduleKind) => issues.filter((i) => i.schedule?.kind === kind).length;
  const tabs: { value: PanelTab; label: string; problems: number }[] = [
    { value: 'pattern', label: `Patterns (${network.patterns.length})`, problems: scheduleProblems('pattern') },
    { value: 'curve', label: `Curves (${network.curves.length})`, problems: scheduleProblems('curve') },
    { value: 'control', label: `Controls (${network.controls.length})`, problems: scheduleProblems('control') },
    { value: 'rules', label: 'Rules', problems: ruleErrors.length },
    { value: 'demand', label: 'Demand model', problems: issues.filter((i) => i.setting === 'demandModel').length },
    { value: 'quality', label: 'Water quality', problems: issues.filter((i) => i.setting === 'quality').length },
  ];
  return (
    <Box role="region" aria-label="Patterns, curves and controls">
      <Tabs value={tab} onChange={(_e, value: PanelTab) => setTab(value)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: tab ? 1.5 : 0 }}>
        {tabs.map(({ value, label, problems }) => (
          <Tab
            key={value}
            value={value}
            label={
              <Badge color="error" badgeContent={problems} invisible={problems === 0}>
                <span>{label}</span>
              </Badge>
            }
          />
        ))}
      </Tabs>
      <TabBody tab={tab} {...props} />
    </Box>
  );
});

function TabBody({ tab, ruleErrors, ...props }: SchedulesPanelProps & { tab: PanelTab | false }) {
  switch (tab) {
    case 'pattern':
      return <PatternsSection {...props} />;
    case 'curve':
      return <CurvesSection {...props} />;
    case 'control':
      return <ControlsSection {...props} />;
    case 'rules':
      return <RulesSection {...props} ruleErrors={ruleErrors} />;
    case 'demand':
      return <DemandModelSection {...props} />;
    case 'quality':
      return <WaterQualitySection {...props} />;
    default:
      return null;
  }
}
