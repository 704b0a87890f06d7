// The navigation on narrow screens: a drawer over the page, opened from the app bar's menu button.
// Its modal machinery (backdrop, focus trap, slide) loads when it is first opened.
import { Drawer, Toolbar } from '@mui/material';
import { NavigationList } from './NavigationList';
import { DRAWER_WIDTH } from './navItems';

export default function MenuDrawer({ open, onClose, isSuperuser }: { open: boolean; onClose: () => void; isSuperuser: boolean }) {
  return (
    <Drawer variant="temporary" open={open} onClose={onClose} sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}>
      <Toolbar />
      <NavigationList isSuperuser={isSuperuser} onNavigate={onClose} />
    </Drawer>
  );
}
