/** The accounts package: its plugin (plugin.ts) and what the site and tests use of it. */
export type { AccountDeps, RateLimitSettings } from './support';
export { ensureAdmin } from './auth.routes';
export { issueSession } from './http';
export { ACCOUNT_ROUTES, type RouteAccess, type TokenRule, type TargetRule } from './access-matrix.hook';
export { userDecider, type UserCommand, type UserState } from './user-decider';
export { installRateLimit, isRateLimitBypassed, rateLimitFromEnv, type RateLimitOptions } from './ratelimit.hook';
export { processBillingCycle, PRODUCTS, type BillingDeps } from './billing/billing.routes';
export { SandboxPaymentProvider, CARD_BRANDS, type PaymentProvider, type CardBrand } from './billing/provider';
export { BillingVault } from './billing/vault';
export { OutboxMailer, SmtpMailer, mailerFromEnv, type Mail, type Mailer, type StoredMail } from './mail';
export { registerAccountRoutes } from './plugin';
