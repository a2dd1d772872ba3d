/**
 * The report's ranges and figures (agent.ts uses them in its calls). A module of their own, with no
 * schema, so the app's routes validate their search params with them without bringing the whole agent
 * contract into the first load (the home route's budget).
 */

export const RANGES = ['today', 'yesterday', 'week', 'month', 'custom'] as const;

export const FIGURES = [
  'bets',
  'deposits',
  'withdrawals',
  'rakeBack',
  'teamDeposits',
  'teamWithdrawals',
  'teamValidBets',
  'commission',
  'newMembers',
] as const;
export type Figure = (typeof FIGURES)[number];
