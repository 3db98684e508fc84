import { apiFetch, type User } from '@modshelf/web-kit';

/** The signed-in user's own record: GET /v2/user fills the private fields (email, has_password, ...) for a session. */
export type SelfUser = User;

export interface Pat {
  id: string; name: string; access_token: string | null; scopes: number; user_id: string;
  created: string; expires: string; last_used: string | null;
}

export interface SessionInfo {
  id: string; user_id: string; created: string; last_login: string; expires: string | null;
  os: string | null; platform: string | null; current: boolean;
}

export interface OAuthClient {
  id: string; name: string; icon_url: string | null; max_scopes: number;
  redirect_uris: { id: string; client_id: string; uri: string }[];
  created_by: string; created: string; url: string | null; description: string | null;
}

export interface Authorization {
  id: string; app_id: string; user_id: string; scopes: number; created: string; app_name: string | null; app_icon: string | null;
}

export interface ConsentInfo {
  flow_id: string; client_id: string; client_name: string; client_icon: string | null; client_url: string | null;
  client_creator: { id: string; username: string } | null; requested_scopes: number; requested_scope_names: string[];
  redirect_uri: string; state: string | null; already_authorized: boolean;
}

export interface PaymentMethod {
  id: string; brand: string; brand_name: string; last4: string | null; exp_month: number | null; exp_year: number | null; primary: boolean;
}
export interface Subscription {
  id: string; product_id: string; product_name: string; interval: string; amount: number; currency: string; status: string;
  created: string; period_end: string; perks: boolean; renewal_failed: boolean; perks_until: string | null; cancelled_at: string | null;
}
export interface Charge {
  id?: string; charge_id?: string; amount: number; currency: string; status?: string; ok?: boolean; description?: string;
  created?: string; time?: string; payment_method: PaymentMethod | null; [k: string]: unknown;
}
export interface Product {
  id: string; name: string; description: string; prices: Record<string, { amount: number; currency: string }>;
}

const json = (body: unknown) => JSON.stringify(body);

export const accounts = {
  me: (signal?: AbortSignal) => apiFetch<SelfUser>('/user', { signal }),
  create: (b: { username: string; email: string; password: string; sign_up_newsletter: boolean }) =>
    apiFetch<{ session: string }>('/auth/create', { method: 'POST', body: json(b) }),
  login: (b: { username: string; password: string }) =>
    apiFetch<{ session?: string; flow?: string }>('/auth/login', { method: 'POST', body: json(b) }),
  login2fa: (b: { flow: string; code: string }) => apiFetch<{ session: string }>('/auth/login/2fa', { method: 'POST', body: json(b) }),
  logout: () => apiFetch<void>('/auth/logout', { method: 'POST' }),
  verifyEmail: (flow: string) => apiFetch<{ status: 'verified' | 'already_verified' }>('/auth/email/verify', { method: 'POST', body: json({ flow }) }),
  resendVerify: () => apiFetch<void>('/auth/email/resend_verify', { method: 'POST' }),
  beginReset: (username: string) => apiFetch<void>('/auth/password/reset', { method: 'POST', body: json({ username }) }),
  changePassword: (b: { flow?: string; old_password?: string; new_password: string }) =>
    apiFetch<void>('/auth/password', { method: 'PATCH', body: json(b) }),
  changeEmail: (email: string) => apiFetch<void>('/auth/email', { method: 'PATCH', body: json({ email }) }),
  subscription: (signal?: AbortSignal) => apiFetch<{ subscribed: boolean }>('/auth/email/subscribe', { signal }),
  setSubscription: (subscribed: boolean) => apiFetch<void>('/auth/email/subscribe', { method: 'POST', body: json({ subscribed }) }),
  twoFactorSecret: () => apiFetch<{ secret: string; flow: string }>('/auth/2fa/get_secret', { method: 'POST' }),
  enableTwoFactor: (flow: string, code: string) => apiFetch<{ backup_codes: string[] }>('/auth/2fa', { method: 'POST', body: json({ flow, code }) }),
  disableTwoFactor: (code: string) => apiFetch<void>('/auth/2fa', { method: 'DELETE', body: json({ code }) }),
  editUser: (id: string, b: { username?: string; bio?: string | null }) => apiFetch<void>(`/user/${encodeURIComponent(id)}`, { method: 'PATCH', body: json(b) }),
  uploadAvatar: (id: string, file: File) => {
    const ext = (file.name.split('.').pop() ?? '').toLowerCase();
    return apiFetch<void>(`/user/${encodeURIComponent(id)}/icon`, {
      method: 'PATCH', body: file, headers: { 'Content-Type': file.type || 'application/octet-stream' }, query: { ext },
    });
  },
  resetAvatar: (id: string) => apiFetch<void>(`/user/${encodeURIComponent(id)}/icon`, { method: 'DELETE' }),
  deleteUser: (id: string) => apiFetch<void>(`/user/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  pats: (signal?: AbortSignal) => apiFetch<Pat[]>('/pat', { signal }),
  createPat: (b: { name: string; scopes: number; expires: string }) => apiFetch<Pat>('/pat', { method: 'POST', body: json(b) }),
  deletePat: (id: string) => apiFetch<void>(`/pat/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  sessions: (signal?: AbortSignal) => apiFetch<SessionInfo[]>('/session/list', { signal }),
  revokeSession: (id: string) => apiFetch<void>(`/session/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  apps: (userId: string, signal?: AbortSignal) => apiFetch<OAuthClient[]>(`/user/${encodeURIComponent(userId)}/oauth_apps`, { signal }),
  createApp: (b: { name: string; url?: string | null; description?: string | null; icon_url?: string | null; redirect_uris: string[]; max_scopes: number }) =>
    apiFetch<{ client_secret: string; client: OAuthClient }>('/oauth/app', { method: 'POST', body: json(b) }),
  editApp: (id: string, b: Partial<{ name: string; url: string | null; description: string | null; redirect_uris: string[]; max_scopes: number }>) =>
    apiFetch<void>(`/oauth/app/${encodeURIComponent(id)}`, { method: 'PATCH', body: json(b) }),
  rotateSecret: (id: string) => apiFetch<{ client_secret: string }>(`/oauth/app/${encodeURIComponent(id)}/secret`, { method: 'POST' }),
  deleteApp: (id: string) => apiFetch<void>(`/oauth/app/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  appsByIds: (ids: string[], signal?: AbortSignal) => apiFetch<OAuthClient[]>('/oauth/apps', { signal, query: { ids: JSON.stringify(ids) } }),
  authorizations: (signal?: AbortSignal) => apiFetch<Authorization[]>('/oauth/authorizations', { signal }),
  revokeAuthorization: (clientId: string) => apiFetch<void>('/oauth/authorizations', { method: 'DELETE', query: { client_id: clientId } }),
  consent: (query: Record<string, string>, signal?: AbortSignal) => apiFetch<ConsentInfo>('/oauth/authorize', { signal, query }),
  accept: (flow: string) => apiFetch<unknown>('/oauth/accept', { method: 'POST', body: json({ flow }) }),
  reject: (flow: string) => apiFetch<unknown>('/oauth/reject', { method: 'POST', body: json({ flow }) }),
  products: (signal?: AbortSignal) => apiFetch<Product[]>('/billing/products', { signal }),
  paymentMethods: (signal?: AbortSignal) => apiFetch<PaymentMethod[]>('/billing/payment_methods', { signal }),
  addPaymentMethod: (card: { number: string; exp_month: number; exp_year: number; cvc?: string }) =>
    apiFetch<PaymentMethod>('/billing/payment_method', { method: 'POST', body: json({ card }) }),
  makePrimary: (id: string) => apiFetch<void>(`/billing/payment_method/${encodeURIComponent(id)}`, { method: 'PATCH', body: json({ primary: true }) }),
  removePaymentMethod: (id: string) => apiFetch<void>(`/billing/payment_method/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  subscriptions: (signal?: AbortSignal) => apiFetch<Subscription[]>('/billing/subscriptions', { signal }),
  subscribe: (product_id: string, interval: string) => apiFetch<Subscription>('/billing/subscription', { method: 'POST', body: json({ product_id, interval }) }),
  cancelSubscription: (id: string) => apiFetch<void>(`/billing/subscription/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  resumeSubscription: (id: string) => apiFetch<void>(`/billing/subscription/${encodeURIComponent(id)}`, { method: 'PATCH', body: json({ cancelled: false }) }),
  retrySubscription: (id: string) => apiFetch<Subscription>(`/billing/subscription/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
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
