// 校园身份名册 in the console: reading the office's CSV (header, quotes, tabs, GBK) and the import screen.
import { beforeEach, describe, expect, it } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { App } from '@/app/app';
import { parseRosterCsv, readRosterFile } from '@shared/roster/roster-csv';
import { requestsTo, stubFetch } from '../helpers';
import { adminAccount, adminMeta, resetConsole, signInStaff } from './admin-fixtures';

configure({ asyncUtilTimeout: 5000 });
beforeEach(resetConsole);

describe('roster CSV', () => {
  it('skips a header row and blank lines, and keeps the line of each row', () => {
    const csv =
      '\uFEFF学号或工作证号,人员类别,姓名,身份证件号码\r\n2023010156,0,张三,110108200501010011\r\n\r\n2012100045,4,李四,11010819780202002x\r\n';
    expect(parseRosterCsv(csv)).toEqual({
      rows: [
        { no: '2023010156', rylb: '0', xm: '张三', sfzjh: '110108200501010011' },
        { no: '2012100045', rylb: '4', xm: '李四', sfzjh: '11010819780202002x' },
      ],
      lines: [2, 4],
    });
  });

  it('reads rows without a header, pasted from a spreadsheet (tabs), quoted fields and short rows', () => {
    const text = '2023010156\t0\t张三\t110108200501010011\n"A1",1,"王""小""明",110\n"B,2",7\n';
    expect(parseRosterCsv(text)).toEqual({
      rows: [
        { no: '2023010156', rylb: '0', xm: '张三', sfzjh: '110108200501010011' },
        { no: 'A1', rylb: '1', xm: '王"小"明', sfzjh: '110' },
        { no: 'B,2', rylb: '7', xm: '', sfzjh: '' },
      ],
      lines: [1, 2, 3],
    });
  });

  it('refuses a stray quote that would swallow the rows after it, naming its line; imports nothing', () => {
    const text = '2023010156,0,张三,110108200501010011\n2023010157,0,"李四,110108200501010029\n2023010158,0,王五,110108200501010037\n';
    expect(parseRosterCsv(text)).toEqual({
      rows: [],
      lines: [],
      problem: '第 2 行的引号没有配对（"），其后的行无法读取：请改正该行后再导入',
    });
    expect(parseRosterCsv('1,0,"张三').problem).toContain('第 1 行');
  });

  it('reads a UTF-8 file, and a GBK one as Excel saves it', async () => {
    expect(await readRosterFile(new Blob(['1,0,张三,1']))).toBe('1,0,张三,1');
    const gbk = new Uint8Array([0x31, 0x2c, 0x30, 0x2c, 0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0x31]);
    expect(await readRosterFile(new Blob([gbk]))).toBe('1,0,张三,1');
  });
});

describe('校园身份名册 page', () => {
  const status = { total: 8, students: 5, staff: 3, unverifiedAccounts: 2, lastImport: null };

  function open(importReply: unknown) {
    signInStaff();
    const fetch = stubFetch({
      'GET /api/admin/me': { code: 200, data: adminAccount },
      'GET /api/admin/meta': { code: 200, data: adminMeta },
      'GET /api/admin/roster': { code: 200, data: status },
      'POST /api/admin/roster': importReply,
    });
    history.replaceState(null, '', '/web/admin/roster');
    render(<App />);
    return fetch;
  }

  it('shows the figures, imports pasted rows and lists the refused ones by their line', async () => {
    const fetch = open({
      code: 200,
      msg: '导入完成，部分行未导入',
      data: {
        total: 2,
        imported: 1,
        updated: 0,
        unchanged: 0,
        bound: 1,
        refused: [{ row: 2, no: '2024X', reason: '身份证件号码格式错误' }],
      },
    });
    expect(await screen.findByText(/名册号码（学号 5，工作证号 3）/)).not.toBeNull();
    expect(screen.getByText('尚未导入')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    expect((await screen.findByRole('alert')).textContent).toContain('请选择 CSV 文件或粘贴名册内容');
    fireEvent.input(screen.getByLabelText('名册内容'), {
      target: { value: '学号,人员类别,姓名,身份证件号码\n2024001,0,张三,110108200501010011\n2024X,0,李四,123' },
    });
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    const result = await screen.findByRole('region', { name: '导入结果' });
    expect(result.textContent).toContain('共 2 行：新增 1，更新 0，未变 0，未导入 1；核验通过并绑定账号 1 个。');
    expect(within(result).getAllByRole('row')[1]!.textContent).toBe('32024X身份证件号码格式错误');
    expect(
      await requestsTo(fetch, '/api/admin/roster')
        .find((r) => r.method === 'POST')!
        .json(),
    ).toEqual({
      rows: [
        { no: '2024001', rylb: '0', xm: '张三', sfzjh: '110108200501010011' },
        { no: '2024X', rylb: '0', xm: '李四', sfzjh: '123' },
      ],
    });
    // The ID numbers do not stay on the screen; the figures are read again.
    expect((screen.getByLabelText('名册内容') as HTMLTextAreaElement).value).toBe('');
    await waitFor(() => expect(requestsTo(fetch, '/api/admin/roster').filter((r) => r.method === 'GET')).toHaveLength(2));
  });

  it('says so when the text holds no row', async () => {
    const fetch = open({ code: 200, data: {} });
    await screen.findByText(/名册号码/);
    fireEvent.input(screen.getByLabelText('名册内容'), { target: { value: '学号,人员类别,姓名,身份证件号码\n\n' } });
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    expect((await screen.findByRole('alert')).textContent).toContain('没有可导入的行');
    expect(requestsTo(fetch, '/api/admin/roster').filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
