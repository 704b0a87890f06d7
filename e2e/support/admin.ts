import { expect, type APIRequestContext } from '@playwright/test';

let counter = 0;
/** An email no other test uses, so tests sharing one server never collide. */
export function uniqueEmail(who: string): string {
  counter += 1;
  // The worker's number too: two workers may count to the same number in the same millisecond.
  return `${who}.${Date.now().toString(36)}${counter}w${process.env.TEST_WORKER_INDEX ?? 0}@simforge.test`;
}

/** Creates a user through the API with an admin's bearer token (the admin screen is tested on its own). */
export async function createUserAsAdmin(
  request: APIRequestContext,
  adminToken: string,
  user: { email: string; password: string; full_name?: string; is_superuser?: boolean },
): Promise<{ id: string; email: string }> {
  const res = await request.post('/api/v1/users/', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { full_name: null, is_superuser: false, is_active: true, ...user },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { id: string; email: string };
}
