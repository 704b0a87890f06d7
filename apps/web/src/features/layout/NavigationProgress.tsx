import { LinearProgress } from '@mui/material';
import { useNavigation } from 'react-router';

/** A thin bar at the top while a lazily loaded screen is on its way. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <LinearProgress color="secondary" aria-label="Loading page" sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (t) => t.zIndex.appBar + 10, height: 3 }} />;
}
