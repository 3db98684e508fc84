import { call, multipart, type Answer } from '../harness/api';
import { projectData, versionData } from '../harness/catalogue';

/** The mixed commands of the crash suite. */
export const KINDS = ['create', 'edit', 'version', 'follow', 'report', 'withdraw'] as const;
export type Kind = (typeof KINDS)[number];

export interface WriterUser {
  id: string;
  token: string;
  /** the user's own listed, monetized project: edited, versioned, and earning the balance withdrawn */
  projectId: string;
}

/** One write with its Idempotency-Key (also sent as the correlation id, so its events can be found in the log). */
export interface Op {
  key: string;
  kind: Kind;
  user: WriterUser;
  method: string;
  path: string;
  json?: unknown;
  body?: Buffer;
  contentType?: string;
  /** follow ops: true follows, false unfollows */
  follow?: boolean;
}

export function makeOp(kind: Kind, key: string, user: WriterUser, target: string, following: boolean): Op {
  const base = { key, kind, user };
  switch (kind) {
    case 'create': {
      const m = multipart([{ name: 'data', data: JSON.stringify(projectData(`cc-${key}`)) }]);
      return { ...base, method: 'POST', path: '/v2/project', body: m.body, contentType: m.contentType };
    }
    case 'edit':
      return { ...base, method: 'PATCH', path: `/v2/project/${user.projectId}`, json: { description: `Edited by write ${key}` } };
    case 'version': {
      const m = multipart([
        { name: 'data', data: JSON.stringify(versionData(user.projectId, `v-${key}`, ['file0'])) },
        { name: 'file0', filename: `crash-${key}.jar`, contentType: 'application/java-archive', data: `the bytes of write ${key}` },
      ]);
      return { ...base, method: 'POST', path: '/v2/version', body: m.body, contentType: m.contentType };
    }
    case 'follow':
      return { ...base, method: following ? 'DELETE' : 'POST', path: `/v2/project/${target}/follow`, follow: !following };
    case 'report':
      return {
        ...base,
        method: 'POST',
        path: '/v2/report',
        json: { report_type: 'spam', item_id: target, item_type: 'project', body: `Report of write ${key}` },
      };
    case 'withdraw':
      return {
        ...base,
        method: 'POST',
        path: '/v2/payout',
        json: { amount: 1, method: 'paypal', method_id: 'paypal_intl', recipient: 'crash-writer@example.org' },
      };
  }
}

/** Sends an op; a network failure (the site was killed) answers status 0. */
export async function send(url: string, op: Op): Promise<Answer | { status: 0; text: string }> {
  try {
    return await call(url, op.method, op.path, {
      token: op.user.token,
      json: op.json,
      body: op.body,
      headers: { 'idempotency-key': op.key, 'x-correlation-id': op.key, ...(op.contentType ? { 'content-type': op.contentType } : {}) },
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    return { status: 0, text: String(err) };
  }
}

/** The first attempt's command was in the log when its retry came: applied once, its answer lost in the crash. */
export const alreadyApplied = (a: { status: number; body?: unknown }) =>
  a.status === 409 && (a.body as { error?: string } | undefined)?.error === 'already_applied';

/** An answer that settles the op: the command ran (2xx or already applied), or it was refused for good (4xx but 409/429). */
export const settled = (a: { status: number; body?: unknown }) =>
  (a.status >= 200 && a.status < 300) || alreadyApplied(a) || (a.status >= 400 && a.status < 500 && a.status !== 409 && a.status !== 429);
