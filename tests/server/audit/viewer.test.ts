// Issue 16: the audit log in the console. Administrators read their sites' chains (a grant on every site
// adds the platform's), filtered by action and time, and export them as CSV whose cells a spreadsheet
// cannot run as formulas; other roles read nothing.
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../../server/modules/audit/service';
import { quickUser } from '../agent/team-fixtures';
import { serverForSuite } from '../harness';
import { operatorsOfTwoSitesForSuite } from '../operators/helpers';

const server = serverForSuite();

const operators = operatorsOfTwoSitesForSuite(server, 'administrator');

async function banner(token: string, site: string | null, name: string, userAgent = 'vitest') {
  const res = await server.post('/admin/banners/create', { site, texts: { 'en-US': { name } } }, token, {
    headers: { 'user-agent': userAgent },
  });
  expect(res.http, res.message).toBe(200);
  return res.data.id as number;
}

const list = (token: string, body: Record<string, unknown> = {}) =>
  server.post('/admin/audit/list', body, token);

describe('the audit viewer', () => {
  it("lists an action with its actor, newest first; a site's administrator sees only that site", async () => {
    const here = await banner(operators.siteOperator.token, operators.first.domain, 'Here');
    const there = await banner(operators.everyAdmin.token, operators.second.domain, 'There');
    const all = await list(operators.everyAdmin.token, { action: 'banner.' });
    expect(all.http, all.message).toBe(200);
    const ids = all.data.content.map((e: { recordId: string }) => e.recordId);
    expect(ids.indexOf(String(there))).toBeLessThan(ids.indexOf(String(here)));
    const hereEntry = all.data.content.find((e: { recordId: string }) => e.recordId === String(here));
    expect(hereEntry).toMatchObject({
      site: operators.first.domain,
      action: 'banner.create',
      resource: 'banner',
      actorUid: operators.siteOperator.uid,
      userAgent: 'vitest',
    });
    expect(JSON.parse(hereEntry.after)).toMatchObject({ names: ['Here'] });
    const mine = await list(operators.siteOperator.token, { action: 'banner.' });
    const mineIds = mine.data.content.map((e: { recordId: string }) => e.recordId);
    expect(mineIds).toContain(String(here));
    expect(mineIds).not.toContain(String(there));
    // Platform-wide entries (a second factor passed) are for operators of every site only.
    expect(
      (await list(operators.everyAdmin.token, { action: 'session.' })).data.totalElements,
    ).toBeGreaterThan(0);
    expect((await list(operators.siteOperator.token, { action: 'session.' })).data.totalElements).toBe(0);
  });

  it('filters by time, and refuses a viewer and a malformed filter', async () => {
    const future = server.clock.now() + 60_000;
    expect((await list(operators.everyAdmin.token, { from: future })).data.totalElements).toBe(0);
    expect((await list(operators.viewer.token)).data).toEqual({ code: 'permission_denied' });
    const bad = await list(operators.everyAdmin.token, { action: "x' or 1=1" });
    expect(bad.http).toBe(400);
  });
});

describe('the CSV export', () => {
  const exportCsv = async (token: string, query = '') => {
    const res = await fetch(`${server.url}/api/admin/audit/export${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { res, text: await res.text() };
  };

  it('exports the rows oldest first as an attachment, formulas defused', async () => {
    const id = await banner(
      operators.everyAdmin.token,
      null,
      'Formula',
      '=HYPERLINK("http://evil.invalid","x")',
    );
    const { res, text } = await exportCsv(operators.everyAdmin.token, '?action=banner.create');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,site,seq,at,actor_uid,ip,user_agent,action,resource,record_id,before,after,hash',
    );
    const row = lines.find((l) => l.includes(`,banner,${id},`));
    expect(row).toContain(`"'=HYPERLINK(""http://evil.invalid"",""x"")"`);
    expect(row).toContain(',platform,');
    const ids = lines.slice(1).map((l) => Number(l.split(',')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('refuses a viewer and a player', async () => {
    expect((await exportCsv(operators.viewer.token)).res.status).toBe(403);
    const player = await quickUser(server);
    expect((await exportCsv(player.token)).res.status).toBe(403);
    expect((await exportCsv(operators.everyAdmin.token, '?from=yesterday')).res.status).toBe(400);
  });
});

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', "'=1+1"],
    ['+63 917', "'+63 917"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
  ])('%j -> %j', (value, cell) => expect(csvCell(value)).toBe(cell));
  it('leaves numbers and empties alone', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});
