import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiHammerWrench } from '@mdi/js';
import { PageHeader } from './PageHeader';

/** A screen whose content a later release builds: its title and what it will hold. */
export function PlaceholderPage({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Icon path={mdiHammerWrench} size={1.2} color="currentColor" aria-hidden />
          <div>
            <Typography>{description}</Typography>
            {children}
          </div>
        </CardContent>
      </Card>
    </>
  );
}
