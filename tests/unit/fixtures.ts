import type { UserInfo } from '#contract/user';

/** A signed-in user as the server describes one; tests name only what they depend on. */
export const userInfo = (fields: Partial<UserInfo> & Pick<UserInfo, 'uid'>): UserInfo => ({
  username: `63+91700000${fields.uid}`,
  role: 0,
  job: 2,
  level: 0,
  rate: 0,
  rate1: 0,
  rate2: 0,
  defaultRate: 0,
  ...fields,
});
