import { useEffect, useLayoutEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useAtomValue } from 'jotai';
import { displayPreferencesAtom } from '@modshelf/web-kit';

/** Class names that content blockers' generic cosmetic filters hide (EasyList-style rules). */
export const BAIT_CLASSES = 'adsbox ad-banner pub_300x250 textads';

/** What the check found: `off` when the visitor said they use no blocker (display preference "not using blockers"). */
export type BlockerCheck = 'checking' | 'none' | 'found' | 'off';

/** True when something took the bait out of the page or hid it, as a blocker's cosmetic filter does. */
function baitHidden(bait: HTMLElement): boolean {
  if (!bait.isConnected || bait.offsetHeight === 0 || bait.offsetParent === null) return true;
  const style = getComputedStyle(bait);
  return style.display === 'none' || style.visibility === 'hidden';
}

/**
 * A reminder to visitors whose content blocker hides parts of the page: once per page load the shell
 * puts a bait element where blockers' generic rules hide it and looks whether it stayed visible. The
 * display preference "I am not using a content blocker" turns the check and the reminder off. The result
 * is on the root element as `data-blockers`.
 */
export function BlockerNotice() {
  const { notUsingBlockers } = useAtomValue(displayPreferencesAtom);
  const [check, setCheck] = useState<BlockerCheck>('checking');
  useEffect(() => {
    if (notUsingBlockers || check !== 'checking') return;
    const bait = document.createElement('div');
    bait.className = BAIT_CLASSES;
    bait.setAttribute('aria-hidden', 'true');
    bait.style.cssText = 'position:absolute;left:-10000px;top:0;width:1px;height:1px;';
    document.body.appendChild(bait);
    // blockers apply their rules to new elements within a frame or two
    const timer = setTimeout(() => {
      setCheck(baitHidden(bait) ? 'found' : 'none');
      bait.remove();
    }, 200);
    return () => {
      clearTimeout(timer);
      bait.remove();
    };
  }, [notUsingBlockers, check]);
  const shown: BlockerCheck = notUsingBlockers ? 'off' : check;
  // set in the same commit that shows or hides the notice, so the attribute never disagrees with it
  useLayoutEffect(() => {
    document.documentElement.dataset.blockers = shown;
  }, [shown]);
  if (shown !== 'found') return null;
  return (
    <div className="shell-blocker-notice" role="note" data-testid="blocker-notice">
      <FormattedMessage
        id="blockers.notice"
        defaultMessage="A content blocker seems to hide parts of this page. If something looks missing, allow Modshelf in your blocker."
      />{' '}
      <Link to="/settings">
        <FormattedMessage id="blockers.settings" defaultMessage="Not using one? Turn this reminder off in Settings." />
      </Link>
    </div>
  );
}
