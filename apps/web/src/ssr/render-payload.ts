import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { ApiError, type ApiErrorCode, type FieldErrors } from '../lib/api-client';
import type { RenderScope } from '../lib/render-scope';

/**
 * What a server-rendered page hands to the browser, in `<script type="application/json"
 * id="render-data">` (the CSP allows no inline script): the values it rendered with, the router's
 * loader data and the query cache, so the first client render draws exactly the server's HTML.
 */
export interface RenderPayload {
  scope: Pick<RenderScope, 'currency' | 'locale' | 'testShop'>;
  /**
   * False when the server could not render the page as the browser would: a loader failed, or the
   * page is a signed-in one, of which the server drew only the shell.
   */
  hydrate: boolean;
  router: Pick<HydrationState, 'loaderData'>;
  queries: DehydratedState;
}

export const RENDER_DATA_ID = 'render-data';

/** An API failure as JSON: an Error's message is not one of its enumerable fields. */
interface SerializedApiError {
  apiError: {
    code: ApiErrorCode;
    message: string;
    status: number | null;
    fieldErrors: FieldErrors | null;
  };
}

const isSerializedApiError = (value: unknown): value is SerializedApiError =>
  typeof value === 'object' && value !== null && 'apiError' in value;

/** Failed queries keep their ApiError (its message and status) across JSON; others are left out. */
export function serializeQueries(state: DehydratedState): DehydratedState {
  const queries = state.queries.flatMap((query) => {
    const { error } = query.state;
    if (error === null || error === undefined) return [query];
    if (!(error instanceof ApiError)) return [];
    const { code, message, status, fieldErrors } = error;
    const apiError: SerializedApiError = { apiError: { code, message, status, fieldErrors } };
    return [{ ...query, state: { ...query.state, error: apiError as unknown as Error } }];
  });
  return { ...state, queries };
}

/** The other way: turns each failed query's error back into an ApiError. */
export function reviveQueries(state: DehydratedState): DehydratedState {
  const queries = state.queries.map((query) => {
    const error: unknown = query.state.error;
    if (!isSerializedApiError(error)) return query;
    const { code, message, status, fieldErrors } = error.apiError;
    return {
      ...query,
      state: { ...query.state, error: new ApiError(code, message, status, fieldErrors) },
    };
  });
  return { ...state, queries };
}

/** The payload of the page being loaded, or nothing (a page the server did not render). */
export function readRenderPayload(document: Document): RenderPayload | undefined {
  const text = document.getElementById(RENDER_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as RenderPayload;
  } catch {
    return undefined;
  }
}
