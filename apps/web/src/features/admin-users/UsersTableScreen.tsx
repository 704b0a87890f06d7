import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Chip, LinearProgress, Table, TableBody, TableCell, TableContainer, TablePagination, TableRow } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiAccountPlusOutline, mdiPencilOutline } from '@mdi/js';
import { EmptyTableRow } from '../../components/ui/EmptyTableRow';
import { PageHeader } from '../../components/ui/PageHeader';
import { paths } from '../../lib/redirects';
import { PAGE_SIZES, pagingFrom, pagingParams } from './paging';
import { useAuth } from '../../lib/useAuth';
import { DeleteUserButton } from './DeleteUserButton';
import { usersPageQuery } from './usersApi';
import { QueryError } from '../../components/ui/QueryError';
import { TableHeadings } from '../../components/ui/TableHeadings';

function YesNo({ value }: { value: boolean }) {
  return <Chip size="small" label={value ? 'Yes' : 'No'} color={value ? 'success' : 'default'} variant={value ? 'filled' : 'outlined'} />;
}

/** Users, paged on the server (skip/limit, total count). */
export function UsersTableScreen() {
  const [params, setParams] = useSearchParams();
  const { page, size, skip } = pagingFrom(params);
  const users = useQuery(usersPageQuery(skip, size));
  const me = useAuth().profile;
  const rows = users.data?.data ?? [];
  const count = users.data?.count ?? 0;

  return (
    <>
      <PageHeader
        title="Users"
        subtitle={users.data ? `${count} ${count === 1 ? 'user' : 'users'}` : undefined}
        actions={
          <Button variant="contained" component={RouterLink} to={paths.adminUserCreate} startIcon={<Icon path={mdiAccountPlusOutline} size={0.9} aria-hidden />}>
            Create user
          </Button>
        }
      />
      <QueryError query={users} />
      <Card>
        {users.isFetching ? <LinearProgress aria-label="Loading users" /> : null}
        <TableContainer>
          <Table size="small" aria-label="Users">
            <TableHeadings columns={['Email', 'Full Name', 'Is Active', 'Is Superuser', { label: 'Actions', align: 'right' }]} />
            <TableBody>
              {rows.map((user) => (
                <TableRow key={user.id} hover>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>{user.full_name || '—'}</TableCell>
                  <TableCell>
                    <YesNo value={user.is_active} />
                  </TableCell>
                  <TableCell>
                    <YesNo value={user.is_superuser} />
                  </TableCell>
                  <TableCell align="right">
                    <Button size="small" component={RouterLink} to={paths.adminUserEdit(user.id)} startIcon={<Icon path={mdiPencilOutline} size={0.8} aria-hidden />}>
                      Edit
                    </Button>
                    {user.id !== me?.id ? <DeleteUserButton user={user} /> : null}
                  </TableCell>
                </TableRow>
              ))}
              {users.isSuccess && rows.length === 0 ? (
                <EmptyTableRow colSpan={5}>No users on this page.</EmptyTableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={count}
          page={count === 0 ? 0 : Math.min(page, Math.max(0, Math.ceil(count / size) - 1))}
          rowsPerPage={size}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, next) => setParams(pagingParams(next, size))}
          onRowsPerPageChange={(event) => setParams(pagingParams(0, Number(event.target.value)))}
          showFirstButton
          showLastButton
        />
      </Card>
    </>
  );
}
