import { useParams } from 'react-router';
import { Typography } from '@mui/material';
import { PlaceholderPage } from '../components/ui/PlaceholderPage';

export default function SimulatorRoute() {
  const rest = useParams()['*'];
  return (
    <PlaceholderPage title="Simulator" description="The simulator area: pick a simulation type, set its parameters and get fast estimates before running the full simulation.">
      {rest ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Section: {rest}
        </Typography>
      ) : null}
    </PlaceholderPage>
  );
}
