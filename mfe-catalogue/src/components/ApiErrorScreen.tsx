import { ApiError, ErrorScreen, ERRORS } from '@modshelf/web-kit';

/** The error screen for a failed API call; a 404 gets the given not-found message. */
export function ApiErrorScreen({ error, notFound }: { error: Error; notFound?: string }) {
  if (error instanceof ApiError && error.status === 404) {
    return <ErrorScreen statusCode={404} message={notFound ?? error.message} />;
  }
  const status = error instanceof ApiError ? error.status : ERRORS.fallback.statusCode;
  return <ErrorScreen statusCode={status} message={error.message || ERRORS.fallback.message} />;
}
