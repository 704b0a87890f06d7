import { Box, Button } from '@mui/material';

/** The Save (submit) and Cancel buttons under a form; Save is off while the form is submitting. */
export function SaveCancelButtons({ submitting, onCancel }: { submitting: boolean; onCancel: () => void }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
      <Button type="submit" variant="contained" disabled={submitting}>
        Save
      </Button>
      <Button onClick={onCancel}>Cancel</Button>
    </Box>
  );
}
