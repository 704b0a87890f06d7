import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { catalogueEntry, familyOf, simulationFamilies, simulationTypesByFamily, type SimulationFamily } from '@simforge/contracts';
import { PageHeader } from '../../components/ui/PageHeader';
import { paths } from '../navigation/redirects';
import { createPathForType } from './createPaths';

const familyNames: Record<SimulationFamily, string> = {
  cwm: 'Welding (cwm)',
  pipe: 'Pipe flow',
  jet: 'Impinging jet',
  'melt-pool': 'Laser melt pool',
};

const label = (type: string) => catalogueEntry(type)?.label ?? type.toLowerCase().replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** create-v2[/family-or-type[/type]]: the catalogue to choose from; the form itself comes later. */
export function CreateV2Screen() {
  const { familyOrType, simulationType } = useParams();
  const selectedType = simulationType ?? (familyOrType && familyOf(familyOrType.toUpperCase()) !== 'unknown' ? familyOrType.toUpperCase() : undefined);
  const selectedFamily = familyOrType && familyOrType in simulationTypesByFamily ? (familyOrType as SimulationFamily) : selectedType ? familyOf(selectedType) : undefined;
  const families = selectedFamily && selectedFamily !== 'unknown' ? [selectedFamily] : simulationFamilies;

  return (
    <>
      <PageHeader title="Create simulation" subtitle="Choose what to simulate." />
      {selectedType ? (
        catalogueEntry(selectedType)?.available ? (
          <Alert
            severity="success"
            sx={{ mb: 3 }}
            action={
              <Button color="inherit" size="small" component={RouterLink} to={createPathForType(selectedType)}>
                Open the form
              </Button>
            }
          >
            Selected type: {label(selectedType)} ({selectedType}, {familyOf(selectedType)}).
          </Alert>
        ) : (
          <Alert severity="info" sx={{ mb: 3 }}>
            Selected type: {selectedType} ({familyOf(selectedType)}). Coming soon: its solver and form are on the way.
          </Alert>
        )
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        {families.map((family) => (
          <Card key={family}>
            <CardContent>
              <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
                {familyNames[family]}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {simulationTypesByFamily[family].map((type) => (
                  <Chip
                    key={type}
                    label={catalogueEntry(type)?.available ? label(type) : `${label(type)} · coming soon`}
                    clickable
                    component={RouterLink}
                    to={`${paths.createV2}/${family}/${type}`}
                    color={type === selectedType ? 'primary' : 'default'}
                    variant={type === selectedType ? 'filled' : 'outlined'}
                  />
                ))}
              </Box>
            </CardContent>
          </Card>
        ))}
      </Box>
    </>
  );
}
