import { useIntl } from 'react-intl';
import { RELEASE_CHANNEL_SYMBOL } from '@modshelf/web-kit';

const LABELS = {
  release: { id: 'channel.release', defaultMessage: 'Release' },
  beta: { id: 'channel.beta', defaultMessage: 'Beta' },
  alpha: { id: 'channel.alpha', defaultMessage: 'Alpha' },
} as const;

export function ChannelBadge({ channel, long = false }: { channel: 'release' | 'beta' | 'alpha'; long?: boolean }) {
  const intl = useIntl();
  const label = intl.formatMessage(LABELS[channel] ?? LABELS.release);
  return (
    <span className={`cat-channel cat-channel--${channel}`} title={label}>
      {long ? label : (RELEASE_CHANNEL_SYMBOL[channel] ?? 'R')}
    </span>
  );
}
