import { z } from 'zod';
import { openApiFragment, type OpenApiFragment, type RouteDoc } from '@modshelf/service-kit';
import {
  FeesAnswer,
  PayoutAnswer,
  PayoutMethodAnswer,
  RecipientsAnswer,
  RecipientsBody,
  UserBalance,
  UserPayoutHistory,
  WithdrawalBody,
  legacyWithdrawQuery,
} from '@modshelf/contract/v2';

/** The payouts routes' docs (Modrinth's v3 shapes); the answers and bodies are the contract's. */

const TAGS = ['payouts'];
export const PAYOUT_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v2/payout/balance',
    tags: TAGS,
    auth: 'required',
    scopes: ['PAYOUTS_READ'],
    summary: "The caller's revenue: available, pending (held 30 days by default), withdrawn",
    responses: { 200: { description: 'Balance', schema: UserBalance }, 401: 'Missing token or PAYOUTS_READ' },
  },
  {
    method: 'get',
    path: '/v2/payout/history',
    tags: TAGS,
    auth: 'required',
    scopes: ['PAYOUTS_READ'],
    summary: "The caller's withdrawals, newest first",
    responses: { 200: { description: 'Transfers', schema: z.array(PayoutAnswer) }, 401: 'Missing token or PAYOUTS_READ' },
  },
  {
    method: 'get',
    path: '/v2/payout/methods',
    tags: TAGS,
    auth: 'none',
    summary: 'Payout methods with their amount limits and fees',
    query: z.object({ country: z.string().optional() }),
    responses: { 200: { description: 'Methods', schema: z.array(PayoutMethodAnswer) } },
  },
  {
    method: 'post',
    path: '/v2/payout/fees',
    tags: TAGS,
    auth: 'none',
    body: WithdrawalBody,
    summary: 'The fee a withdrawal would cost (it comes out of the amount)',
    responses: { 200: { description: 'Fee', schema: FeesAnswer }, 400: 'Unknown method or amount out of range' },
  },
  {
    method: 'post',
    path: '/v2/payout',
    tags: TAGS,
    auth: 'required',
    scopes: ['PAYOUTS_WRITE'],
    body: WithdrawalBody,
    summary: 'Withdraw available revenue',
    description:
      'Refused (400) above the available balance, outside the method limits, or without a verified e-mail. Two concurrent withdrawals never overdraw.',
    responses: { 204: 'Requested: in transit', 400: 'Not enough funds, bad amount or method, unverified e-mail', 401: 'Missing token or PAYOUTS_WRITE' },
  },
  {
    method: 'delete',
    path: '/v2/payout/{id}',
    tags: TAGS,
    auth: 'required',
    scopes: ['PAYOUTS_WRITE'],
    summary: 'Cancel a withdrawal that is still in transit (the money returns)',
    responses: { 204: 'Cancelled', 400: 'Payout cannot be cancelled', 401: 'Missing token or PAYOUTS_WRITE', 404: 'No such payout of the caller' },
  },
  {
    method: 'get',
    path: '/v2/payout/recipients',
    tags: TAGS,
    auth: 'required',
    scopes: ['PAYOUTS_READ'],
    summary: "Modshelf: the caller's saved recipients per method (kept outside the log)",
    responses: { 200: { description: 'method -> e-mail or handle', schema: RecipientsAnswer }, 401: 'Missing token or PAYOUTS_READ' },
  },
  {
    method: 'patch',
    path: '/v2/payout/recipients',
    tags: TAGS,
    auth: 'required',
    scopes: ['PAYOUTS_WRITE'],
    body: RecipientsBody,
    summary: 'Modshelf: set or clear (null) saved recipients',
    responses: { 204: 'Saved', 400: 'Not an e-mail or handle', 401: 'Missing token or PAYOUTS_WRITE' },
  },
  {
    method: 'get',
    path: '/v2/user/{id|username}/payouts',
    tags: ['users'],
    auth: 'required',
    scopes: ['PAYOUTS_READ'],
    summary: "Legacy: the user's revenue (all time, last 30 days) and transfer history",
    description: "Modrinth's legacy shape over the same payouts aggregate as /v2/payout. Only the user themself; admins may read any user.",
    responses: {
      200: { description: 'Payout history', schema: UserPayoutHistory },
      401: 'Missing token or PAYOUTS_READ',
      404: 'No such user, or not the caller',
    },
  },
  {
    method: 'post',
    path: '/v2/user/{id|username}/payouts',
    tags: ['users'],
    auth: 'required',
    scopes: ['PAYOUTS_WRITE'],
    query: legacyWithdrawQuery,
    summary: 'Legacy: withdraw to the saved PayPal address (or the saved Venmo handle when only that is saved)',
    description:
      'The same rules as POST /v2/payout with the PayPal (international) method: a verified e-mail, method limits, no overdraw. The fee comes out of the amount.',
    responses: {
      204: 'Requested: in transit',
      400: 'Not enough funds, bad amount, unverified e-mail',
      401: 'Missing token or PAYOUTS_WRITE',
      404: 'Not the caller',
    },
  },
];

export const payoutsOpenApi = (): OpenApiFragment =>
  openApiFragment(PAYOUT_ROUTES, { UserBalance, Payout: PayoutAnswer, PayoutMethod: PayoutMethodAnswer, UserPayoutHistory });
