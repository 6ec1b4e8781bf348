// 导出 (issue 13): the queue as filtered, cards out, ratings and the audit log to Excel and CSV with Chinese headers
// and labels; ID numbers and phones masked unless a 管理员 asks in full (a 办理员 is refused); each export audited.
// The workbooks are read back with the console's own .xlsx reader.
import { toCsv } from '../../server/lib/spreadsheet.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { xlsxToRosterText } from '../../shared/roster/roster-xlsx.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { act, createStaff, renew, submitOther } from './admin-helpers.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createStaff>>;
let admin: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaff(t, 'staff');
  admin = await createStaff(t, 'admin');
});
beforeEach(() => renew(t, staff, admin));
afterEach(() => t.assertContract());
afterAll(() => t?.close());

const download = (url: string, token: string) => t.request({ method: 'GET', url, token });
const sheetRows = async (body: Buffer) =>
  (await xlsxToRosterText(body))
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));

describe('export', () => {
  it('the queue as filtered, to Excel: Chinese headers and labels, ID numbers and phones masked; audited', async () => {
    const a = await submitOther(t);
    await t.app.repos.users.update(a.user.id, { name: '=HYPERLINK("x")', idNumber: '110105195001010039' });
    const res = await download(`/api/admin/exports/applications?keyword=${a.sqbh}`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; .*filename\*=UTF-8''%E7%94%B3%E8%AF%B7%E5%88%97%E8%A1%A8-\d{8}\.xlsx$/,
    );
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([
      '申请编号',
      '业务',
      '内容',
      '申请人',
      '人员类别',
      '学号/工作证号',
      '身份证件号',
      '手机号',
      '状态',
      '提交时间',
      '已等待（天）',
      '认领人',
    ]);
    expect(rows).toHaveLength(2);
    const [no, kind, , name, type, , id, phone, status] = rows[1]!;
    expect([no, kind, type, id, status]).toEqual([a.sqbh, '其他业务', '硕士研究生', '1101**********0039', '已提交']);
    // A name that a spreadsheet would run as a formula is text.
    expect(name).toBe(`"'=HYPERLINK(""x"")"`);
    expect(phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const audit = (await t.app.repos.audit.page({ action: 'export.' }, { pageNum: 1, pageSize: 5 })).rows[0]!;
    expect(audit.summary).toBe('导出申请列表（Excel），1 条');
  });

  it('a cell a spreadsheet would run is text, also behind full-width signs and invisible characters', () => {
    const cells = ['=1+1', '＝HYPERLINK("x")', '\u200b=1+1', '\ufeff+1', '\u3000-1', '＠SUM(A1)', ' =1', '张三', '1-2'];
    const csv = toCsv({ sheet: 't', head: cells, rows: [] }).toString('utf8');
    expect(csv).toBe('\uFEFF' + `"'=1+1","'＝HYPERLINK(""x"")","'\u200b=1+1","'\ufeff+1","'\u3000-1","'＠SUM(A1)","' =1","张三","1-2"\r\n`);
  });

  it('in full only for a 管理员 (audited as such); CSV opens in Excel as it is', async () => {
    const a = await submitOther(t);
    await t.app.repos.users.update(a.user.id, { idNumber: '110105195001010071' });
    expect((await download(`/api/admin/exports/applications?keyword=${a.sqbh}&full=1`, staff.token)).statusCode).toBe(403);
    const csv = await download(`/api/admin/exports/applications?keyword=${a.sqbh}&full=1&format=csv`, admin.token);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF"申请编号","业务"')).toBe(true);
    expect(text).toContain('"110105195001010071"');
    expect(text).toContain(`"${a.user.phone}"`);
    expect(text.endsWith('\r\n')).toBe(true);
    const audit = (await t.app.repos.audit.page({ action: 'export.' }, { pageNum: 1, pageSize: 5 })).rows[0]!;
    expect(audit.summary).toBe('导出申请列表（CSV），1 条，含完整身份证件号与手机号');
    expect(audit.summary).not.toContain('110105');
  });

  it('cards out, ratings and (管理员 only) the audit log', async () => {
    const borrowed = await download('/api/admin/exports/borrowed', staff.token);
    expect((await sheetRows(borrowed.rawPayload))[0]).toEqual([
      '申请编号',
      '借用人',
      '人员类别',
      '学号/工作证号',
      '身份证件号',
      '手机号',
      '借用日期',
      '应还日期',
      '逾期天数',
      '状态',
    ]);
    const ratings = await download('/api/admin/exports/ratings?format=csv', staff.token);
    expect(ratings.rawPayload.toString('utf8')).toMatch(/^\uFEFF"评价时间","申请编号","业务","评价人","评分"/);
    expect((await download('/api/admin/exports/audit', staff.token)).statusCode).toBe(403);
    const log = await sheetRows((await download('/api/admin/exports/audit?action=export.', admin.token)).rawPayload);
    expect(log[0]).toEqual(['时间', '工作人员', '登录名', '操作', '对象类型', '对象编号', '说明', '来源地址']);
    expect(log.slice(1).map((r) => r[3])).toContain('导出评价');
    expect((await download('/api/admin/exports/applications?format=pdf', staff.token)).statusCode).toBe(400);
  });

  it('finishes a transition and still exports who had it', async () => {
    const a = await submitOther(t);
    await t.request({ method: 'POST', url: `/api/admin/applications/${a.id}/claim`, token: staff.token });
    await act(t, staff.token, a.id, 2);
    const rows = await sheetRows((await download(`/api/admin/exports/applications?keyword=${a.sqbh}&assignee=me`, staff.token)).rawPayload);
    expect(rows[1]!.at(-1)).toBe((await t.app.repos.users.findById(staff.id))!.name);
    expect(rows[1]![8]).toBe('审核中');
  });
});
