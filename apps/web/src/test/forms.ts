import { act } from 'react';
import { vi } from 'vitest';
import { apiPaths } from '@pictura/contract';

/**
 * Helpers for form tests in jsdom: the error a control announces, and a fake API answering by path
 * that records every call.
 */

/** The error text shown for a control (through aria-describedby), or null. */
export function errorOf(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

export async function submit(form: HTMLFormElement | null): Promise<void> {
  if (!form) throw new Error('no form');
  await act(async () => {
    form.requestSubmit();
  });
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

type Answer = (call: ApiCall) => Response | Promise<Response>;

/**
 * The calls that change something. `POST /api/balance` only reads the balance
 * (docs/product/api.md#calls), and the header asks it on every signed-in page.
 */
export const writesOf = (calls: readonly ApiCall[]): ApiCall[] =>
  calls.filter((call) => call.method === 'POST' && call.path !== apiPaths.balance);

export const json = (status: number, body: unknown = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Replaces fetch with a fake API: `answers` by path (exact, without the query); 404 otherwise. */
export function fakeApi(answers: Record<string, Answer>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: ApiCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        authorization: new Headers(init.headers).get('Authorization'),
      };
      calls.push(call);
      const answer = answers[url.pathname];
      return answer ? answer(call) : json(404);
    }),
  );
  return calls;
}
