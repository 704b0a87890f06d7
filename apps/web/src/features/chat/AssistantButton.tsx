// The assistant as a button that opens the chat panel in a side drawer: the one-line way to put it
// on a screen (<AssistantButton screen="view" simulationId={id} simulationTitle={title} />). It sits
// in the page's flow where it is placed, never floating over content (a fixed round button covered
// the estimate's values at 1400×900).
import { useState } from 'react';
import { Box, Button, Drawer } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiChatQuestionOutline } from '@mdi/js';
import { ChatPanel, type ChatPanelProps } from './ChatPanel';

export function AssistantButton(props: ChatPanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" fullWidth aria-label="Open the assistant" onClick={() => setOpen(true)} startIcon={<Icon path={mdiChatQuestionOutline} size={0.9} aria-hidden />} sx={{ mt: 2 }}>
        Ask the assistant
      </Button>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)} sx={{ zIndex: (theme) => theme.zIndex.drawer + 2 }}>
        <Box sx={{ width: { xs: '100vw', sm: 460 }, height: '100%' }}>{open ? <ChatPanel {...props} /> : null}</Box>
      </Drawer>
    </>
  );
}
