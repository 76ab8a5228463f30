/** Whether a request URL (path and query) addresses the API; compared without regard to case like the routes. */
export function isApiUrl(url: string): boolean {
  const path = url.split('?', 1)[0]?.toLowerCase() ?? '';
  return path === '/api' || path.startsWith('/api/');
}
