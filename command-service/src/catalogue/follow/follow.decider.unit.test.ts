import { describe, it } from 'vitest';
import { ProjectFollowed, ProjectUnfollowed } from '@modshelf/events';
import { given } from '../testing/given';
import { followDecider } from './follow.decider';

const U = 'UserAAAA';
const P = 'ProjAAAA';

describe('follow decider', () => {
  it('follows once', () => {
    given(followDecider, [])
      .when({ kind: 'follow', user_id: U, project_id: P })
      .then([ProjectFollowed({ user_id: U, project_id: P })]);
    given(followDecider, [ProjectFollowed({ user_id: U, project_id: P })])
      .when({ kind: 'follow', user_id: U, project_id: P })
      .thenError('invalid_input', /already following/);
  });
  it('unfollows only what is followed, and may follow again after', () => {
    given(followDecider, [])
      .when({ kind: 'unfollow', user_id: U, project_id: P })
      .thenError('invalid_input', /not following/);
    given(followDecider, [ProjectFollowed({ user_id: U, project_id: P })])
      .when({ kind: 'unfollow', user_id: U, project_id: P })
      .then([ProjectUnfollowed({ user_id: U, project_id: P })]);
    given(followDecider, [ProjectFollowed({ user_id: U, project_id: P }), ProjectUnfollowed({ user_id: U, project_id: P })])
      .when({ kind: 'follow', user_id: U, project_id: P })
      .then([ProjectFollowed({ user_id: U, project_id: P })]);
  });
});
