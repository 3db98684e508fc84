import { useState } from 'react';
import { Field, FormError, useAction, useT } from '@modshelf/web-kit';
import { CopyButton } from '../common';
import { accounts, type SelfUser } from '../lib/api';
import { groupSecret, otpauthUri } from '../lib/forms';
import { Qr } from './Qr';

export function TwoFactorCard({ user, after }: { user: SelfUser; after: () => void }) {
  const t = useT();
  const [setup, setSetup] = useState<{ secret: string; flow: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [disabling, setDisabling] = useState(false);
  const action = useAction();
  const on = !!user.has_totp;

  if (codes) {
    return (
      <section className="ms-card set-card" data-testid="twofactor-card" data-state="codes">
        <h2>{t('account.2fa', 'Two-factor authentication')}</h2>
        <p className="set-ok">{t('account.2fa.enabled', 'Two-factor authentication is on.')}</p>
        <p>
          {t(
            'account.2fa.codes',
            'Save these recovery codes somewhere safe. Each works once, in place of a code from your app, if you lose it. They are shown only now.',
          )}
        </p>
        <ul className="set-codes" data-testid="recovery-codes">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="set-row">
          <CopyButton text={codes.join('\n')} />
          <button
            type="button"
            className="ms-btn ms-btn--primary"
            onClick={() => {
              setCodes(null);
              after();
            }}
          >
            {t('common.done', 'Done')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="ms-card set-card" data-testid="twofactor-card" data-state={on ? 'on' : setup ? 'setup' : 'off'}>
      <h2>{t('account.2fa', 'Two-factor authentication')}</h2>
      <p className="ms-muted" style={{ margin: 0 }}>
        {t('account.2fa.lead', 'Ask for a code from an authenticator app, besides your password, when you sign in.')}
      </p>
      {on ? (
        disabling ? (
          <form
            className="set-form"
            onSubmit={(e) => {
              e.preventDefault();
              void action.run(async () => {
                await accounts.disableTwoFactor(code.trim());
                setCode('');
                setDisabling(false);
                after();
              });
            }}
          >
            <Field label={t('account.2fa.codeOrRecovery', 'Code from your app or a recovery code')}>
              <input className="ms-input" name="code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} required />
            </Field>
            <FormError error={action.error} />
            <div className="set-row">
              <button type="submit" className="ms-btn set-btn-danger" disabled={action.busy}>
                {t('account.2fa.disable', 'Turn off two-factor authentication')}
              </button>
              <button type="button" className="ms-btn" onClick={() => setDisabling(false)}>
                {t('common.cancel', 'Cancel')}
              </button>
            </div>
          </form>
        ) : (
          <div className="set-row">
            <span className="set-badge">{t('account.2fa.on', 'On')}</span>
            <button type="button" className="ms-btn" onClick={() => setDisabling(true)}>
              {t('account.2fa.disable', 'Turn off two-factor authentication')}
            </button>
          </div>
        )
      ) : setup ? (
        <form
          className="set-form"
          onSubmit={(e) => {
            e.preventDefault();
            void action.run(async () => {
              const r = await accounts.enableTwoFactor(setup.flow, code.trim());
              setCode('');
              setSetup(null);
              setCodes(r.backup_codes);
            });
          }}
        >
          <p>{t('account.2fa.scan', 'Scan this QR code with an authenticator app, or type the secret in, then enter the code it shows.')}</p>
          <Qr text={otpauthUri(setup.secret, user.username)} label={t('account.2fa.qr', 'QR code for your authenticator app')} />
          <div className="set-row">
            <code className="set-secret" data-testid="totp-secret" data-secret={setup.secret}>
              {groupSecret(setup.secret)}
            </code>
            <CopyButton text={setup.secret} />
          </div>
          <Field label={t('auth.2fa.code', 'Two-factor code')}>
            <input
              className="ms-input"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              required
              maxLength={6}
            />
          </Field>
          <FormError error={action.error} />
          <div className="set-row">
            <button type="submit" className="ms-btn ms-btn--primary" disabled={action.busy}>
              {t('account.2fa.verify', 'Verify and turn on')}
            </button>
            <button type="button" className="ms-btn" onClick={() => setSetup(null)}>
              {t('common.cancel', 'Cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <FormError error={action.error} />
          <div>
            <button
              type="button"
              className="ms-btn ms-btn--primary"
              disabled={action.busy}
              onClick={() => void action.run(async () => setSetup(await accounts.twoFactorSecret()))}
            >
              {t('account.2fa.setup', 'Set up two-factor authentication')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
