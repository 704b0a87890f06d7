// The canvas map's zoom buttons, in its top right corner: zoom in and out about the centre, and back
// to the fitted view. For those who do not use a wheel or a trackpad, and to find the way back.
import { Box, IconButton, Tooltip } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiFitToScreenOutline, mdiMinus, mdiPlus } from '@mdi/js';

interface MapZoomControlsProps {
  canZoomIn: boolean;
  canZoomOut: boolean;
  onZoomIn(): void;
  onZoomOut(): void;
  onFit(): void;
}

function ZoomButton({ label, icon, disabled, onClick }: { label: string; icon: string; disabled: boolean; onClick: () => void }) {
  return (
    <Tooltip title={label} placement="left">
      <span>
        <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
          <Icon path={icon} size={0.8} aria-hidden />
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function MapZoomControls({ canZoomIn, canZoomOut, onZoomIn, onZoomOut, onFit }: MapZoomControlsProps) {
  return (
    <Box role="group" aria-label="Map zoom" sx={{ position: 'absolute', top: 8, right: 8, display: 'flex', flexDirection: 'column', bgcolor: 'rgba(255, 255, 255, 0.9)', borderRadius: 1, boxShadow: 1 }}>
      <ZoomButton label="Zoom in" icon={mdiPlus} disabled={!canZoomIn} onClick={onZoomIn} />
      <ZoomButton label="Zoom out" icon={mdiMinus} disabled={!canZoomOut} onClick={onZoomOut} />
      {/* At the fitted view zooming out is the same as fitting: both are off there. */}
      <ZoomButton label="Fit" icon={mdiFitToScreenOutline} disabled={!canZoomOut} onClick={onFit} />
    </Box>
  );
}
