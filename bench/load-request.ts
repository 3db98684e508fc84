/** One request of a load pass: a GET of a path, or a method, path and body. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}
