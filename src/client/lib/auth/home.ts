import type { SessionUser } from '../../../shared/contracts/common';

/** Where a signed-in person starts: an administrator at the review queue, a patient at /app. */
export const homeOf = (user: Pick<SessionUser, 'isAdmin'>) =>
  user.isAdmin ? '/admin/review' : '/app';
