import { buildUrl } from '@modshelf/web-kit';

/**
 * Reports one view of the project page at `location.href` (POST /v2/analytics/view; the server
 * counts it once per visitor and window, as downloads). Fire and forget: a failure changes nothing here.
 */
export function reportPageView(): void {
  void fetch(buildUrl('/analytics/view'), {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'modshelf' },
    body: JSON.stringify({ url: location.href }),
    keepalive: true,
  }).catch(() => undefined);
}
