export { registerPayoutRoutes, maskRecipient, type PayoutDeps, type Payouts } from './payouts.routes';
export { payoutDecider, balanceOf, type PayoutCommand, type PayoutState, type Payout, type Balance } from './decider';
export {
  RevenueAccrual,
  REVENUE_ACCRUAL,
  revenueSettingsFromEnv,
  splitRevenue,
  evolveRevenueProject,
  isEarning,
  type RevenueSettings,
  type RevenueProject,
} from './accrual';
export { SandboxPayoutProvider, type PayoutProvider, type TransferInput, type SendOutcome, type TransferStatus } from './provider';
export { PayoutVault } from './vault';
export { PAYOUT_METHODS, decimal, toMicros, feeFor, type PayoutMethodType } from './methods';
export { PAYOUT_ROUTES, payoutsOpenApi } from './openapi';
