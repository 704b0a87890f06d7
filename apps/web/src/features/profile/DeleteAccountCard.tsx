// The profile's danger zone: deleting one's own account, after a confirmation that names what goes
// with it (the simulations, their runs, results and chat history). Superusers keep theirs: the
// server refuses, and the card says so instead of offering the button.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { errorDetail } from '../../lib/errorDetail';
import type { UserProfile } from '../../lib/authApi';
import { paths } from '../../lib/redirects';
import { simulationsPageQuery } from '../simulations/simulationsApi';
import { deleteMyAccount } from './profileApi';

export function DeleteAccountCard({ profile }: { profile: UserProfile }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const owned = useQuery({ ...simulationsPageQuery('mine', { skip: 0, limit: 1, sort: '-updated_at' }), enabled: open });
  const count = owned.data?.count;

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await deleteMyAccount();
      // The signed-out page ends the session once it is shown: ending it here, while this page is
      // still mounted under the sign-in guard, would send the browser to sign in instead.
      await navigate(paths.loggedOut, { replace: true, state: { accountDeleted: true } });
    } catch (error) {
      setFailure(errorDetail(error).message);
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-label="Danger zone" sx={{ mt: 3, borderColor: 'error.main', borderWidth: 1, borderStyle: 'solid' }}>
      <CardContent>
        <Typography variant="h3" component="h2" color="error" gutterBottom>
          Danger zone
        </Typography>
        {profile.is_superuser ? (
          <Typography color="text.secondary">A superuser cannot delete their own account: another superuser can, from the admin area.</Typography>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography sx={{ flex: 1, minWidth: 240 }}>Delete your account and everything in it. This cannot be undone.</Typography>
            <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
              Delete account
            </Button>
          </Box>
        )}
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </CardContent>
      <ConfirmDialog open={open} title="Delete your account?" confirmLabel="Delete account" destructive busy={busy} onConfirm={() => void confirm()} onCancel={() => setOpen(false)}>
        <Typography component="span" sx={{ display: 'block', mb: 1 }}>
          Your account <b>{profile.email}</b> will be deleted with {count === undefined ? 'all your simulations' : count === 1 ? 'your 1 simulation' : `your ${count} simulations`}, their runs,
          results and logs, and your chat history. Running simulations are aborted first.
        </Typography>
        <Typography component="span" sx={{ display: 'block' }}>
          This cannot be undone.
        </Typography>
      </ConfirmDialog>
    </Card>
  );
}
