// The patterns' and curves' tabs: the network's schedules of that kind listed on the left, the
// chosen one's editor beside them.
import type { ReactNode } from 'react';
import { Box, List, ListItemButton, ListItemText, Typography } from '@mui/material';

interface Props {
  /** The list's accessible name: "Patterns", "Curves". */
  label: string;
  /** Each schedule's id and a line about it (its length, its uses). */
  items: readonly { id: string; summary: string }[];
  chosenId: string | undefined;
  onChoose(id: string): void;
  /** Said in place of the list when there are none. */
  empty: string;
  /** Below the list: the buttons that add one. */
  actions: ReactNode;
  /** The chosen schedule's editor. */
  children: ReactNode;
}

export function ScheduleList({ label, items, chosenId, onChoose, empty, actions, children }: Props) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '200px minmax(0, 1fr)' } }}>
      <Box>
        <List dense aria-label={label} sx={{ p: 0, maxHeight: 320, overflow: 'auto' }}>
          {items.map((item) => (
            <ListItemButton key={item.id} selected={item.id === chosenId} onClick={() => onChoose(item.id)}>
              <ListItemText primary={item.id} secondary={item.summary} />
            </ListItemButton>
          ))}
        </List>
        {items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {empty}
          </Typography>
        ) : null}
        {actions}
      </Box>
      {children}
    </Box>
  );
}
