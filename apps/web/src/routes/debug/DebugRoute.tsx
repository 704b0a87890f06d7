import { Link as RouterLink } from 'react-router';
import { Link, List, ListItem } from '@mui/material';
import { PlaceholderPage } from '../../components/ui/PlaceholderPage';
import { paths } from '../../features/navigation/redirects';

export default function DebugRoute() {
  return (
    <PlaceholderPage title="Debug" description="Component playgrounds for developers.">
      <List dense>
        <ListItem disableGutters>
          <Link component={RouterLink} to={paths.pipeDiagramEditor}>
            Pipe diagram editor
          </Link>
        </ListItem>
        <ListItem disableGutters>
          <Link component={RouterLink} to={paths.polygonDesigner}>
            Polygon cross-section designer
          </Link>
        </ListItem>
        <ListItem disableGutters>
          <Link component={RouterLink} to={paths.status}>
            Service status
          </Link>
        </ListItem>
      </List>
    </PlaceholderPage>
  );
}
