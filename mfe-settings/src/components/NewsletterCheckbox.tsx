import { useState } from 'react';
import { FormError, useAction, useApi, useT } from '@modshelf/web-kit';
import { accounts } from '../lib/api';

/** The signed-in user's "updates by e-mail" choice, saved as soon as it is ticked or cleared. */
export function NewsletterCheckbox({ name }: { name?: string }) {
  const t = useT();
  const sub = useApi('settings:newsletter', (s) => accounts.subscription(s));
  const [value, setValue] = useState<boolean | null>(null);
  const action = useAction();
  return (
    <>
      <label className="set-check">
        <input
          type="checkbox"
          name={name}
          checked={value ?? sub.data?.subscribed ?? false}
          disabled={sub.data === undefined || action.busy}
          onChange={(e) => {
            const v = e.target.checked;
            void action.run(async () => {
              await accounts.setSubscription(v);
              setValue(v);
            });
          }}
        />
        {t('auth.signUp.subscribe', 'Subscribe to updates about Modshelf')}
      </label>
      <FormError error={action.error} />
    </>
  );
}
