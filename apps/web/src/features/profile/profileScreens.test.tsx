import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, pathOf, stubFetch, type StubbedCall, type StubResponse } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { signedInForEachTest, messageBeside } from '../../test/signedIn';
import { session } from '../../lib/session';
import { authStore } from '../../lib/authStore';
import { notifications } from '../../lib/notificationStore';

function server(onPut: (call: StubbedCall) => StubResponse) {
  return stubFetch((call) => {
    if (pathOf(call) !== '/api/v1/users/me') return undefined;
    return call.method === 'PUT' ? onPut(call) : { json: aUser };
  });
}

signedInForEachTest();

describe('profile edit', () => {
  it('labels its fields Full Name and E-mail; a required field says so beside it', async () => {
    const { calls } = server(() => ({ json: aUser }));
    await authStore.init();
    renderApp('/main/profile/edit');
    const email = await screen.findByLabelText('E-mail');
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Ada Lovelace');
    await userEvent.clear(email);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageBeside('E-mail')).toBe('This field is required'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('saves with the spec notifications and updates the session profile', async () => {
    const { calls } = server((call) => ({ json: { ...aUser, ...(call.body as object) } }));
    await authStore.init();
    const app = renderApp('/main/profile/edit');
    const name = await screen.findByLabelText('Full Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Grace Edited');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.location()).toBe('/main/profile/view'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ full_name: 'Grace Edited', email: aUser.email });
    expect(put.headers.get('Authorization')).toBe('Bearer tok');
    expect(notifications.getState().queue.map((n) => `${n.color}:${n.content}`)).toEqual(['success:Profile successfully updated']);
    expect(JSON.parse(sessionStorage.getItem('userProfile')!).full_name).toBe('Grace Edited');
  });

  it('a 422 puts the message on the named field; a 409 shows the detail in red and stays', async () => {
    let answer: StubResponse = { status: 422, json: { detail: [{ loc: ['body', 'email'], msg: 'This field must be a valid email', type: 'x' }] } };
    server(() => answer);
    await authStore.init();
    const app = renderApp('/main/profile/edit');
    await screen.findByLabelText('E-mail');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageBeside('E-mail')).toBe('This field must be a valid email'));
    expect(notifications.getState().queue.map((n) => `${n.color}:${n.content}`)).toEqual(['error:Failed to update profile']);

    answer = { status: 409, json: { detail: 'A user with this email already exists' } };
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A user with this email already exists')).toBeTruthy();
    expect(app.location()).toBe('/main/profile/edit');
  });
});

describe('profile email change', () => {
  it('asks for the current password only when the e-mail changes, and sends it', async () => {
    const { calls } = server((call) => ({ json: { ...aUser, ...(call.body as object) } }));
    await authStore.init();
    const app = renderApp('/main/profile/edit');
    const email = await screen.findByLabelText('E-mail');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, 'ada.new@simforge.test');
    const current = await screen.findByLabelText('Current password');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageBeside('Current password')).toBe('This field is required'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await userEvent.type(current, 'my current password');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.location()).toBe('/main/profile/view'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      full_name: 'Ada Lovelace',
      email: 'ada.new@simforge.test',
      current_password: 'my current password',
    });
  });

  it('shows Incorrect password from the API in red and stays', async () => {
    server(() => ({ status: 400, json: { detail: 'Incorrect password' } }));
    await authStore.init();
    const app = renderApp('/main/profile/edit');
    const email = await screen.findByLabelText('E-mail');
    await userEvent.clear(email);
    await userEvent.type(email, 'ada.new@simforge.test');
    await userEvent.type(await screen.findByLabelText('Current password'), 'not my password');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Incorrect password')).toBeTruthy();
    expect(app.location()).toBe('/main/profile/edit');
  });
});

/** Fills the password screen (it must be open) and saves. */
async function changePasswordFrom(current: string, next: string) {
  await userEvent.type(await screen.findByLabelText('Current Password'), current);
  await userEvent.type(screen.getByLabelText('New Password'), next);
  await userEvent.type(screen.getByLabelText('Confirm Password'), next);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('profile password', () => {
  it('has Current, New and Confirm Password with the rules beside them', async () => {
    server(() => ({ json: aUser }));
    await authStore.init();
    renderApp('/main/profile/password');
    await screen.findByLabelText('Current Password');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageBeside('Current Password')).toBe('This field is required'));
    expect(messageBeside('New Password')).toBe('This field is required');
    await userEvent.type(screen.getByLabelText('New Password'), 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageBeside('New Password')).toBe('Minimum length is 8'));
  });

  it('shows Incorrect password in red and stays; then succeeds', async () => {
    let answer: StubResponse = { status: 400, json: { detail: 'Incorrect password' } };
    const { calls } = server(() => answer);
    await authStore.init();
    const app = renderApp('/main/profile/password');
    await changePasswordFrom('wrong-password', 'Changed-password-2');
    expect(await screen.findByText('Incorrect password')).toBeTruthy();
    expect(app.location()).toBe('/main/profile/password');
    expect(authStore.getState().status).toBe('loggedIn');

    answer = { json: aUser };
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.location()).toBe('/main/profile/view'));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ current_password: 'wrong-password', password: 'Changed-password-2' });
  });

  it('keeps the new token the change answers (every earlier one has ended) and stays signed in', async () => {
    server(() => ({ json: { ...aUser, access_token: 'token-after-change' } }));
    await authStore.init();
    const app = renderApp('/main/profile/password');
    await changePasswordFrom('my current password', 'Changed-password-2');
    await waitFor(() => expect(app.location()).toBe('/main/profile/view'));
    expect(session.getToken()).toBe('token-after-change');
    expect(authStore.getState().status).toBe('loggedIn');
  });

  it('shows a refused easy password beside New Password', async () => {
    const msg = 'This password is too easy to guess (this is a heavily used password): choose a longer one, for example a few unrelated words';
    server(() => ({ status: 422, json: { detail: [{ loc: ['body', 'password'], msg, type: 'weak_password' }] } }));
    await authStore.init();
    renderApp('/main/profile/password');
    await changePasswordFrom('my current password', 'password');
    await waitFor(() => expect(messageBeside('New Password')).toBe(msg));
  });
});

describe('profile view', () => {
  it('shows name, email and the superuser flag', async () => {
    server(() => ({ json: aUser }));
    await authStore.init();
    renderApp('/main/profile/view');
    expect((await screen.findAllByText('Ada Lovelace')).length).toBeGreaterThan(0);
    expect(screen.getByText(aUser.email)).toBeTruthy();
    expect(screen.getByText('Superuser')).toBeTruthy();
  });
});

describe('deleting one’s account', () => {
  it('asks first, naming the simulations that go with it, then deletes, signs out and says so', async () => {
    const { calls } = stubFetch((call) => {
      const path = pathOf(call);
      if (path === '/api/v1/users/me') return call.method === 'DELETE' ? { json: { msg: 'User deleted successfully' } } : { json: aUser };
      if (path === '/api/v1/simulations/') return { json: { data: [], count: 3 } };
      return undefined;
    });
    await authStore.init();
    const app = renderApp('/main/profile/view');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await waitFor(() => expect(dialog.textContent).toContain('your 3 simulations'));
    expect(dialog.textContent).toContain(aUser.email);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map(pathOf)).toEqual(['/api/v1/users/me']));
    await waitFor(() => expect(app.location()).toBe('/loggedout'));
    expect(await screen.findByText('Your account and everything in it were deleted.')).toBeTruthy();
    await waitFor(() => expect(session.getToken()).toBeNull());
    expect(app.location()).toBe('/loggedout');
  });

  it('a superuser is told why they cannot, and gets no button', async () => {
    session.setProfile({ ...aUser, is_superuser: true });
    stubFetch((call) => (pathOf(call) === '/api/v1/users/me' ? { json: { ...aUser, is_superuser: true } } : undefined));
    await authStore.init();
    renderApp('/main/profile/view');
    expect(await screen.findByText(/A superuser cannot delete their own account/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete account' })).toBeNull();
  });
});
