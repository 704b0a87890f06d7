// The patterns' and curves' tabs: the network's schedules of that kind listed on the left, the
// chosen one's editor beside them; which one is chosen, and the id field that renames it.
import { useState, type ReactNode } from 'react';
import { Box, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { NetworkDocument } from '@simforge/contracts';
import { IdField } from './fields';

/** What the chosen schedule's editor is given besides the schedule and its messages. */
export interface ScheduleEditorProps {
  network: NetworkDocument;
  disabled?: boolean;
  onEdit(edit: (network: NetworkDocument) => NetworkDocument): void;
  /** The schedule was renamed: it stays chosen under its new id. */
  onRenamed(id: string): void;
}

/**
 * The schedule a tab shows in its editor: the one chosen, else the first (none chosen yet, or the
 * chosen one is gone). `add` writes the network with a new schedule and chooses it.
 */
export function useChosenSchedule<T extends { id: string }>(schedules: readonly T[], { network, disabled, onEdit }: Omit<ScheduleEditorProps, 'onRenamed'>) {
  const [chosenId, choose] = useState<string | null>(schedules[0]?.id ?? null);
  const chosen = schedules.find((s) => s.id === chosenId) ?? schedules[0];
  function add(result: { network: NetworkDocument; id: string }) {
    onEdit(() => result.network);
    choose(result.id);
  }
  const editor: ScheduleEditorProps = { network, disabled, onEdit, onRenamed: choose };
  return { chosen, choose, add, editor };
}

/** The chosen schedule's id: a new one, not taken by another schedule of its kind, renames it and keeps it chosen. */
export function ScheduleIdField({ id, schedules, rename, disabled, onEdit, onRenamed }: Omit<ScheduleEditorProps, 'network'> & { id: string; schedules: readonly { id: string }[]; rename(network: NetworkDocument, from: string, to: string): NetworkDocument }) {
  const taken = new Set(schedules.map((s) => s.id).filter((other) => other !== id));
  return (
    <IdField
      id={id}
      taken={taken}
      disabled={disabled}
      onCommit={(next) => {
        onEdit((n) => rename(n, id, next));
        onRenamed(next);
      }}
    />
  );
}

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
