import {
  apiFetch,
  command,
  type Charge,
  type OAuthAuthorization as Authorization,
  type OAuthClient,
  type OAuthConsent as ConsentInfo,
  type Pat,
  type PaymentMethod,
  type Product,
  type SessionInfo,
  type Subscription,
  type User as SelfUser,
  type WriteMethod,
  type WriteOptions,
} from '@modshelf/web-kit';

/**
 * The wire's answers (the contract's types). SelfUser: the signed-in user's own record, GET /v2/user
 * fills the private fields (email, has_password, ...) for a session.
 */
export type { Authorization, Charge, ConsentInfo, OAuthClient, Pat, PaymentMethod, Product, SelfUser, SessionInfo, Subscription };

/** A write through the kit's write client (read-your-writes), answering its body. */
const write = <T = void>(path: string, method: WriteMethod, body?: unknown, opts?: WriteOptions): Promise<T> =>
  command<T>(path, method, body, opts).then((r) => r.data);

export const accounts = {
  me: (signal?: AbortSignal) => apiFetch<SelfUser>('/user', { signal }),
  create: (b: { username: string; email: string; password: string; sign_up_newsletter: boolean }) => write<{ session: string }>('/auth/create', 'POST', b),
  login: (b: { username: string; password: string }) => write<{ session?: string; flow?: string }>('/auth/login', 'POST', b),
  login2fa: (b: { flow: string; code: string }) => write<{ session: string }>('/auth/login/2fa', 'POST', b),
  logout: () => write('/auth/logout', 'POST'),
  verifyEmail: (flow: string) => write<{ status: 'verified' | 'already_verified' }>('/auth/email/verify', 'POST', { flow }),
  resendVerify: () => write('/auth/email/resend_verify', 'POST'),
  beginReset: (username: string) => write('/auth/password/reset', 'POST', { username }),
  changePassword: (b: { flow?: string; old_password?: string; new_password: string }) => write('/auth/password', 'PATCH', b),
  changeEmail: (email: string) => write('/auth/email', 'PATCH', { email }),
  subscription: (signal?: AbortSignal) => apiFetch<{ subscribed: boolean }>('/auth/email/subscribe', { signal }),
  setSubscription: (subscribed: boolean) => write('/auth/email/subscribe', 'POST', { subscribed }),
  twoFactorSecret: () => write<{ secret: string; flow: string }>('/auth/2fa/get_secret', 'POST'),
  enableTwoFactor: (flow: string, code: string) => write<{ backup_codes: string[] }>('/auth/2fa', 'POST', { flow, code }),
  disableTwoFactor: (code: string) => write('/auth/2fa', 'DELETE', { code }),
  editUser: (id: string, b: { username?: string; bio?: string | null }) => write(`/user/${encodeURIComponent(id)}`, 'PATCH', b),
  uploadAvatar: (id: string, file: File) => {
    const ext = (file.name.split('.').pop() ?? '').toLowerCase();
    return write(`/user/${encodeURIComponent(id)}/icon`, 'PATCH', undefined, {
      raw: file,
      contentType: file.type || 'application/octet-stream',
      query: { ext },
    });
  },
  resetAvatar: (id: string) => write(`/user/${encodeURIComponent(id)}/icon`, 'DELETE'),
  deleteUser: (id: string) => write(`/user/${encodeURIComponent(id)}`, 'DELETE'),
  pats: (signal?: AbortSignal) => apiFetch<Pat[]>('/pat', { signal }),
  createPat: (b: { name: string; scopes: number; expires: string }) => write<Pat>('/pat', 'POST', b),
  deletePat: (id: string) => write(`/pat/${encodeURIComponent(id)}`, 'DELETE'),
  sessions: (signal?: AbortSignal) => apiFetch<SessionInfo[]>('/session/list', { signal }),
  revokeSession: (id: string) => write(`/session/${encodeURIComponent(id)}`, 'DELETE'),
  apps: (userId: string, signal?: AbortSignal) => apiFetch<OAuthClient[]>(`/user/${encodeURIComponent(userId)}/oauth_apps`, { signal }),
  createApp: (b: { name: string; url?: string | null; description?: string | null; icon_url?: string | null; redirect_uris: string[]; max_scopes: number }) =>
    write<{ client_secret: string; client: OAuthClient }>('/oauth/app', 'POST', b),
  editApp: (id: string, b: Partial<{ name: string; url: string | null; description: string | null; redirect_uris: string[]; max_scopes: number }>) =>
    write(`/oauth/app/${encodeURIComponent(id)}`, 'PATCH', b),
  rotateSecret: (id: string) => write<{ client_secret: string }>(`/oauth/app/${encodeURIComponent(id)}/secret`, 'POST'),
  deleteApp: (id: string) => write(`/oauth/app/${encodeURIComponent(id)}`, 'DELETE'),
  appsByIds: (ids: string[], signal?: AbortSignal) => apiFetch<OAuthClient[]>('/oauth/apps', { signal, query: { ids: JSON.stringify(ids) } }),
  authorizations: (signal?: AbortSignal) => apiFetch<Authorization[]>('/oauth/authorizations', { signal }),
  revokeAuthorization: (clientId: string) => write('/oauth/authorizations', 'DELETE', undefined, { query: { client_id: clientId } }),
  consent: (query: Record<string, string>, signal?: AbortSignal) => apiFetch<ConsentInfo>('/oauth/authorize', { signal, query }),
  accept: (flow: string) => write<unknown>('/oauth/accept', 'POST', { flow }),
  reject: (flow: string) => write<unknown>('/oauth/reject', 'POST', { flow }),
  products: (signal?: AbortSignal) => apiFetch<Product[]>('/billing/products', { signal }),
  paymentMethods: (signal?: AbortSignal) => apiFetch<PaymentMethod[]>('/billing/payment_methods', { signal }),
  addPaymentMethod: (card: { number: string; exp_month: number; exp_year: number; cvc?: string }) =>
    write<PaymentMethod>('/billing/payment_method', 'POST', { card }),
  makePrimary: (id: string) => write(`/billing/payment_method/${encodeURIComponent(id)}`, 'PATCH', { primary: true }),
  removePaymentMethod: (id: string) => write(`/billing/payment_method/${encodeURIComponent(id)}`, 'DELETE'),
  subscriptions: (signal?: AbortSignal) => apiFetch<Subscription[]>('/billing/subscriptions', { signal }),
  subscribe: (product_id: string, interval: string) => write<Subscription>('/billing/subscription', 'POST', { product_id, interval }),
  cancelSubscription: (id: string) => write(`/billing/subscription/${encodeURIComponent(id)}`, 'DELETE'),
  resumeSubscription: (id: string) => write(`/billing/subscription/${encodeURIComponent(id)}`, 'PATCH', { cancelled: false }),
  retrySubscription: (id: string) => write<Subscription>(`/billing/subscription/${encodeURIComponent(id)}/retry`, 'POST'),
  charges: (signal?: AbortSignal) => apiFetch<Charge[]>('/billing/charges', { signal }),
};

/**
 * The redirect location the consent answers carry: a JSON string, or an object with a
 * location/redirect field. Null when there is none (the page then shows the spec's error).
 */
export function redirectLocation(answer: unknown): string | null {
  if (typeof answer === 'string' && answer.trim()) return answer;
  if (answer && typeof answer === 'object') {
    const o = answer as Record<string, unknown>;
    for (const k of ['location', 'redirect', 'redirect_uri', 'url']) if (typeof o[k] === 'string' && o[k]) return o[k] as string;
  }
  return null;
}
