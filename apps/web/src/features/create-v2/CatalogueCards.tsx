// The catalogue by family, as cards: a schematic, the label, the one line on what it answers, and
// an action per type. Used by create-v2's family and type steps and by the simulator landing.
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiFire, mdiLaserPointer, mdiPipe, mdiWeatherWindy } from '@mdi/js';
import { familyLabels, simulationCatalogue, simulationFamilies, type CatalogueEntry, type SimulationFamily } from '@simforge/contracts';
import { JointSketch, jointSketches } from '../families/welding/JointSketch';

export const familyIcons: Record<SimulationFamily, string> = { cwm: mdiFire, pipe: mdiPipe, jet: mdiWeatherWindy, 'melt-pool': mdiLaserPointer };

export const familyQuestions: Record<SimulationFamily, string> = {
  cwm: 'Arc welding of plates and pipes: fusion zone, penetration, HAZ, t8/5, hardness and shrinkage.',
  pipe: 'Single-phase flow in ducts, networks and geothermal plants: pressure drop and heat transfer.',
  jet: 'Impinging jets on surfaces and ridges, with or without particles: heat transfer, wall shear, deposition.',
  'melt-pool': 'Laser and laser-plasma melt pools on rigid or flexible plates: pool shape, gradients, distortion.',
};

/** A family's icon and name, heading its card (h2 where the cards are the page's sections, h3 within one). */
export function FamilyHeading({ family, component }: { family: SimulationFamily; component: 'h2' | 'h3' }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'primary.main' }}>
      <Icon path={familyIcons[family]} size={1.1} aria-hidden />
      <Typography variant="h3" component={component} sx={{ color: 'text.primary' }}>
        {familyLabels[family]}
      </Typography>
    </Box>
  );
}

/** The first sentence of a description: the one line on what a type answers. */
/** The description's first sentence: up to the first full stop (a colon introduces a list, it does not end one). */
export function oneLine(description: string): string {
  const match = /^(.*?[^.]\.)(\s|$)/.exec(description);
  return match ? match[1]! : description;
}

export function Schematic({ entry }: { entry: CatalogueEntry }) {
  if (jointSketches[entry.type]) return <JointSketch type={entry.type} label={entry.label} />;
  return (
    <Box sx={{ color: 'primary.main', display: 'flex', justifyContent: 'center', py: 1 }} role="img" aria-label={`${entry.label} schematic`}>
      <Icon path={entry.family === 'unknown' ? mdiPipe : familyIcons[entry.family]} size={2.2} aria-hidden />
    </Box>
  );
}

export function TypeCard({ entry, extra, action }: { entry: CatalogueEntry; extra?: ReactNode; action: ReactNode }) {
  return (
    <Card data-type={entry.type} sx={{ height: '100%', display: 'flex', flexDirection: 'column', opacity: entry.available ? 1 : 0.75 }}>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        <Typography sx={{ fontWeight: 600 }} component="h3">
          {entry.label}
        </Typography>
        <Schematic entry={entry} />
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {entry.type}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {oneLine(entry.description)}
        </Typography>
        {extra}
        <Box>{entry.available ? <Chip size="small" color="success" variant="outlined" label="Available" /> : <Chip size="small" variant="outlined" label="Coming soon" />}</Box>
      </CardContent>
      <Box sx={{ px: 2, pb: 2 }}>{action}</Box>
    </Card>
  );
}

/** Every family (or the given ones) with its types. */
export function CatalogueByFamily({
  families = simulationFamilies,
  renderType,
  familyAction,
}: {
  families?: readonly SimulationFamily[];
  renderType(entry: CatalogueEntry): ReactNode;
  familyAction?(family: SimulationFamily): ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      {families.map((family) => (
        <Box component="section" key={family} aria-label={familyLabels[family]} data-family={family}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
            <Box sx={{ color: 'primary.main', display: 'flex' }}>
              <Icon path={familyIcons[family]} size={1} aria-hidden />
            </Box>
            <Typography variant="h2" component="h2" sx={{ flexGrow: 1 }}>
              {familyLabels[family]}
            </Typography>
            {familyAction?.(family)}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {familyQuestions[family]}
          </Typography>
          <Box role="list" aria-label={`${familyLabels[family]} types`} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
            {simulationCatalogue
              .filter((e) => e.family === family)
              .map((entry) => (
                <Box role="listitem" key={entry.type}>
                  {renderType(entry)}
                </Box>
              ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
