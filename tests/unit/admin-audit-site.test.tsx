import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '#contract/admin/audit';
import { adminKeys } from '#features/admin/admin.queries.ts';
import { AuditPage } from '#features/admin/components/audit-page.tsx';
import { queryClient } from '#lib/query-client';
import { stubApi, withApp } from './api-stub';

// Issue 31 item 19: the audit log's Site column broke "localhost" mid-word (the table's cells break
// anywhere, for long JSON and user agents); a domain's cell keeps its words whole.

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the audit log', () => {
  it('marks the Site cell as one that keeps its words whole', async () => {
    const entry: AuditEntry = {
      id: 1,
      site: 'localhost',
      seq: 1,
      at: Date.UTC(2026, 11, 2, 3),
      actorUid: 10000001,
      ip: '127.0.0.1',
      userAgent: 'test',
      action: 'site.update',
      resource: 'site',
      recordId: '1',
      before: null,
      after: null,
    };
    const page = { content: [entry], totalPages: 1, number: 0, totalElements: 1 };
    stubApi({ '/admin/audit/list': page });
    const filters = { action: '', page: 0 };
    queryClient.setQueryData(adminKeys.audit(filters), page);
    withApp(<AuditPage filters={filters} onFilters={() => undefined} />);
    const cell = (await screen.findByText('localhost')).closest('td');
    expect(cell?.getAttribute('data-label')).toBe('Site');
    expect(cell?.classList.contains('admin-table__words')).toBe(true);
  });
});
