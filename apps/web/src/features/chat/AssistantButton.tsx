// The assistant as a button that opens the chat panel in a side drawer: the one-line way to put it
// on a screen (<AssistantButton screen="view" simulationId={id} simulationTitle={title} />).
import { useState } from 'react';
import { Box, Drawer, Fab, Tooltip } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiChatQuestionOutline } from '@mdi/js';
import { ChatPanel, type ChatPanelProps } from './ChatPanel';

export function AssistantButton(props: ChatPanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="Assistant">
        <Fab color="primary" aria-label="Open the assistant" onClick={() => setOpen(true)} sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: (t) => t.zIndex.drawer - 1 }}>
          <Icon path={mdiChatQuestionOutline} size={1} aria-hidden />
        </Fab>
      </Tooltip>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)} sx={{ zIndex: (theme) => theme.zIndex.drawer + 2 }}>
        <Box sx={{ width: { xs: '100vw', sm: 460 }, height: '100%' }}>{open ? <ChatPanel {...props} /> : null}</Box>
      </Drawer>
    </>
  );
}
