import { i18n, type MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { demandApplyOutcome, itemAction, wxApplyOutcome } from '#features/catalogue/apply-result.ts';

const text = (outcome: { message: MessageDescriptor }) => i18n._(outcome.message);

describe('apply results (spec section 8)', () => {
  it('catalogue 1: result true is a positive "Apply succeeded"', () => {
    const outcome = wxApplyOutcome(true);
    expect(outcome.kind).toBe('positive');
    expect(text(outcome)).toBe('Apply succeeded');
    expect(outcome.applied).toBe(true);
    expect(wxApplyOutcome(false).kind).toBe('negative');
  });
  it('catalogue 2: 1 success, -1 data error, 0 not yet participated (asks for the app card), 2 all claimed', () => {
    expect([demandApplyOutcome(1).kind, text(demandApplyOutcome(1)), demandApplyOutcome(1).applied]).toEqual([
      'positive',
      'Apply succeeded',
      true,
    ]);
    expect([demandApplyOutcome(-1).kind, text(demandApplyOutcome(-1))]).toEqual(['negative', 'Data error']);
    const noCard = demandApplyOutcome(0);
    expect([noCard.kind, text(noCard), noCard.needsAppCard, noCard.applied]).toEqual([
      'negative',
      'Not yet participated, cannot claim',
      true,
      false,
    ]);
    expect([demandApplyOutcome(2).kind, text(demandApplyOutcome(2))]).toEqual([
      'negative',
      'Tasks all claimed',
    ]);
  });
});

describe('itemAction (spec section 4)', () => {
  it('apply while the promoter may apply', () => {
    expect(itemAction({ apply: true, link: '' })).toBe('apply');
  });
  it('the greyed apply while the link is empty, view once it exists', () => {
    expect(itemAction({ apply: false, link: '' })).toBe('pending');
    expect(itemAction({ apply: false, link: '/s/abc' })).toBe('view');
  });
});
