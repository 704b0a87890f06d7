// The admin list's Delete: a confirmation that names the user and what goes with them (their
// simulations, runs, results and chat history), then DELETE /users/{id}. Not offered on one's own row.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiDeleteOutline } from '@mdi/js';
import type { UserPublic } from '@simforge/contracts';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { errorDetail } from '../../lib/errorDetail';
import { notify } from '../../lib/notificationStore';
import { deleteUser, usersKeys } from './usersApi';

export function DeleteUserButton({ user }: { user: UserPublic }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await deleteUser(user.id);
      notify({ content: `${user.email} was deleted`, color: 'success' });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: usersKeys.all });
    } catch (error) {
      notify({ content: `Failed to delete ${user.email}: ${errorDetail(error).message}`, color: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)} startIcon={<Icon path={mdiDeleteOutline} size={0.8} aria-hidden />} aria-label={`Delete ${user.email}`}>
        Delete
      </Button>
      <ConfirmDialog open={open} title="Delete this user?" confirmLabel="Delete user" destructive busy={busy} onConfirm={() => void confirm()} onCancel={() => setOpen(false)}>
        <Typography component="span" sx={{ display: 'block', mb: 1 }}>
          <b>{user.email}</b> will be deleted with all their simulations, their runs, results and logs, and their chat history. Their running simulations are aborted first.
        </Typography>
        <Typography component="span" sx={{ display: 'block' }}>
          This cannot be undone.
        </Typography>
      </ConfirmDialog>
    </>
  );
}
