import type { Page } from 'playwright-core';

/**
 * Calls the product's API from the test process as any client would: POST with a JSON body, GET
 * when there is none, the bearer token when given. Throws the server's message on a refusal.
 */
export async function callApi<T>(baseUrl: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { status: boolean; message: string; data: T };
  if (!json.status) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

/** Calls the API from inside the page with its own stored token, as the app does. */
export async function apiAs<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`api/${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('usertoken')}`,
          'Content-Type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()).data;
    },
    { method, path, body },
  );
}
