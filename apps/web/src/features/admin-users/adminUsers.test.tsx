import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, pathOf, queryOf } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { findTableWithColumns } from '../../test/tables';
import { signedInForEachTest, messageBeside, stubApi, type Answer } from '../../test/signedIn';
import { session } from '../../lib/session';
import { authStore } from '../../lib/authStore';
import { notifications } from '../../lib/notificationStore';
import { pagingFrom, pagingParams } from './paging';

const admin = { ...aUser, id: '11111111-1111-4111-8111-111111111111', email: 'admin@simforge.test', full_name: 'Admin', is_superuser: true };
const people = Array.from({ length: 130 }, (_, i) => ({ ...aUser, id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, email: `user${i}@simforge.test`, full_name: `User ${i}` }));

function server(extra?: Answer) {
  return stubApi((call) => {
    const path = pathOf(call);
    if (path === '/api/v1/users/me') return { json: admin };
    if (path === '/api/v1/users/' && call.method === 'GET') {
      const skip = Number(queryOf(call).get('skip'));
      const limit = Number(queryOf(call).get('limit'));
      return { json: { data: people.slice(skip, skip + limit), count: people.length } };
    }
    const one = /^\/api\/v1\/users\/(.+)$/.exec(path);
    if (one && call.method === 'GET') return { json: people.find((p) => p.id === one[1]) ?? admin };
    return undefined;
  }, extra);
}

signedInForEachTest(admin, 'admin-token');

describe('paging in the address', () => {
  it('reads page (from 1) and size, with safe defaults', () => {
    expect(pagingFrom(new URLSearchParams(''))).toEqual({ page: 0, size: 25, skip: 0 });
    expect(pagingFrom(new URLSearchParams('page=3&size=50'))).toEqual({ page: 2, size: 50, skip: 100 });
    expect(pagingFrom(new URLSearchParams('page=-1&size=7'))).toEqual({ page: 0, size: 25, skip: 0 });
    expect(pagingParams(1, 25)).toEqual({ page: '2' });
    expect(pagingParams(0, 100)).toEqual({ page: '1', size: '100' });
  });
});

describe('users table', () => {
  it('has the columns, pages on the server beyond 100 users, and links to edit', async () => {
    const { calls } = server();
    await authStore.init();
    const app = renderApp('/main/admin/users/all?page=1');
    const table = await findTableWithColumns('Users', ['Email', 'Full Name', 'Is Active', 'Is Superuser', 'Actions']);
    expect(await screen.findByRole('cell', { name: 'user0@simforge.test' })).toBeTruthy();
    expect(screen.getByText('130 users')).toBeTruthy();
    expect(within(table).getAllByRole('link', { name: 'Edit' })[0]!.getAttribute('href')).toBe(`/main/admin/users/edit/${people[0]!.id}`);
    expect(screen.getByRole('link', { name: 'Create user' }).getAttribute('href')).toBe('/main/admin/users/create');

    fireEvent.click(screen.getByRole('button', { name: /last page/i }));
    expect(await screen.findByRole('cell', { name: 'user125@simforge.test' })).toBeTruthy();
    expect(app.location()).toBe('/main/admin/users/all?page=6');
    const last = calls.filter((c) => pathOf(c) === '/api/v1/users/').at(-1)!;
    expect(Object.fromEntries(queryOf(last))).toEqual({ skip: '125', limit: '25' });
    expect(last.headers.get('Authorization')).toBe('Bearer admin-token');
  });

  it('a non-superuser sees only the refusal: no tabs, no Create user, no table', async () => {
    session.setProfile(aUser);
    server((call) => {
      if (pathOf(call) === '/api/v1/users/me') return { json: aUser };
      if (pathOf(call) === '/api/v1/users/') return { status: 403, json: { detail: "The user doesn't have enough privileges" } };
      return undefined;
    });
    await authStore.init();
    renderApp('/main/admin/users/all');
    expect(await screen.findByText("The user doesn't have enough privileges")).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create user' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Users' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Users' })).toBeNull();
    expect(authStore.getState().status).toBe('loggedIn');
  });

  it('offers Delete on every row but one’s own, confirming what goes with the user', async () => {
    const { calls } = server((call) => (call.method === 'DELETE' ? { json: { msg: 'User deleted successfully' } } : undefined));
    await authStore.init();
    renderApp('/main/admin/users/all?page=1');
    await screen.findByRole('cell', { name: 'user0@simforge.test' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete user0@simforge.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
    expect(dialog.textContent).toContain('user0@simforge.test will be deleted with all their simulations');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map(pathOf)).toEqual([`/api/v1/users/${people[0]!.id}`]));
  });
});

describe('create user', () => {
  it('has the fields with Is Superuser off and Is Active on, checks them, and creates', async () => {
    const { calls } = server((call) => (call.method === 'POST' ? { json: { ...aUser, ...(call.body as object), id: people[5]!.id } } : undefined));
    await authStore.init();
    const app = renderApp('/main/admin/users/create');
    await screen.findByLabelText('Full Name');
    expect((screen.getByLabelText('Is Superuser') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Is Active') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageBeside('E-mail')).toBe('This field is required'));
    expect(messageBeside('Password')).toBe('This field is required');

    await userEvent.type(screen.getByLabelText('Full Name'), 'Ada Created');
    await userEvent.type(screen.getByLabelText('E-mail'), 'created@simforge.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Created-password-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Created-password-2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageBeside('Confirm Password')).toBe('Passwords do not match'));

    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Created-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/admin/users/all'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      email: 'created@simforge.test',
      full_name: 'Ada Created',
      is_active: true,
      is_superuser: false,
      password: 'Created-password-1',
    });
    expect(notifications.getState().queue.map((n) => n.content)).toContain('User successfully created');
  });

  it('a taken email shows the API detail and stays', async () => {
    server((call) => (call.method === 'POST' ? { status: 409, json: { detail: 'A user with this email already exists' } } : undefined));
    await authStore.init();
    const app = renderApp('/main/admin/users/create');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'admin@simforge.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Created-password-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Created-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A user with this email already exists')).toBeTruthy();
    expect(app.location()).toBe('/main/admin/users/create');
  });
});

describe('edit user', () => {
  it('loads the user; the password pair is enabled by Set password', async () => {
    const target = people[3]!;
    const { calls } = server((call) => (call.method === 'PUT' ? { json: { ...target, ...(call.body as object) } } : undefined));
    await authStore.init();
    const app = renderApp(`/main/admin/users/edit/${target.id}`);
    await waitFor(() => expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe(target.email));
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe(target.full_name);
    expect((screen.getByLabelText('Password') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/admin/users/all'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ email: target.email, full_name: target.full_name, is_active: true, is_superuser: false });
  });

  it('with Set password ticked the pair is required and sent', async () => {
    const target = people[4]!;
    const { calls } = server((call) => (call.method === 'PUT' ? { json: target } : undefined));
    await authStore.init();
    const app = renderApp(`/main/admin/users/edit/${target.id}`);
    await waitFor(() => expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe(target.email));
    fireEvent.click(screen.getByLabelText('Set password'));
    expect((screen.getByLabelText('Password') as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageBeside('Password')).toBe('This field is required'));
    await userEvent.type(screen.getByLabelText('Password'), 'New-password-9');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'New-password-9');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/main/admin/users/all'));
    expect((calls.find((c) => c.method === 'PUT')!.body as { password?: string }).password).toBe('New-password-9');
  });
});
