import { useState } from 'react';
import type { Schemas } from '@/api/client';
import { SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextArea } from '@/components/service-fields/text-area';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/state/ui';
import { isXlsx, MAX_ROSTER_FILE_BYTES, parseRosterCsv, readRosterFile, ROSTER_BATCH, ROSTER_TOO_LARGE } from '@shared/roster/roster-csv';
import { LoadError, PageHead, Table } from '../kit';
import { announce, schema, useRemote } from '../data';
import { importRoster, loadRoster } from './api';

type Result = Schemas['RosterImportResult'];
/** A refused row, with the line of the file or the pasted text it came from. */
type Refused = Result['refused'][number] & { line: number };

const SHOWN_REFUSALS = 200;

/** The outcome of an import (several requests for a long file), added up. */
interface Outcome {
  total: number;
  imported: number;
  updated: number;
  unchanged: number;
  bound: number;
  refused: Refused[];
  /** Set when a request failed: the rows from that one on were not imported. */
  stoppedAt?: number;
}

function OutcomeView({ outcome }: { outcome: Outcome }) {
  const shown = outcome.refused.slice(0, SHOWN_REFUSALS);
  return (
    <section class="adm-card" aria-label="导入结果" aria-live="polite">
      <h3 class="adm-card__title">导入结果</h3>
      <p>
        共 {outcome.total} 行：新增 {outcome.imported}，更新 {outcome.updated}，未变 {outcome.unchanged}，
        <span class={outcome.refused.length ? 'adm-warn' : undefined}>未导入 {outcome.refused.length}</span>；核验通过并绑定账号{' '}
        {outcome.bound} 个。
      </p>
      {outcome.stoppedAt !== undefined && <p class="adm-warn">第 {outcome.stoppedAt} 行起未能导入，请稍后重新导入这些行。</p>}
      {shown.length > 0 && (
        <Table head={['行号', '学号或工作证号', '原因']} num={['行号']}>
          {shown.map((r) => (
            <tr key={r.line}>
              <td class="adm-num">{r.line}</td>
              <td>{r.no || '—'}</td>
              <td>{r.reason}</td>
            </tr>
          ))}
        </Table>
      )}
      {outcome.refused.length > SHOWN_REFUSALS && <p class="adm-muted">仅显示前 {SHOWN_REFUSALS} 行，请修正后重新导入。</p>}
    </section>
  );
}

/** 校园身份名册: its figures, the last import, and an import of CSV rows (a file or pasted from a spreadsheet). */
export default function RosterPage() {
  const status = useRemote(loadRoster, []);
  const form = useForm({ csv: '' });
  const { values, set, errors } = form;
  const [fileName, setFileName] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function pick(file: File) {
    if (file.size > MAX_ROSTER_FILE_BYTES) {
      form.fail({ csv: ROSTER_TOO_LARGE });
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    // An Excel workbook becomes the same tab-separated text as rows pasted from it (line n = worksheet row n).
    // The reader (read-excel-file) is fetched only when a workbook is picked.
    const text = isXlsx(bytes) ? await (await import('@shared/roster/roster-xlsx')).xlsxToRosterText(bytes) : await readRosterFile(file);
    setFileName(file.name);
    set('csv')(text);
  }

  const submit = () =>
    form.submit(schema('rosterSchema'), async (input) => {
      const { rows, lines, problem } = parseRosterCsv(input.csv);
      if (problem) {
        form.fail({ csv: problem });
        return;
      }
      if (!rows.length) {
        form.fail({ csv: '没有可导入的行' });
        return;
      }
      const sum: Outcome = { total: rows.length, imported: 0, updated: 0, unchanged: 0, bound: 0, refused: [] };
      for (let offset = 0; offset < rows.length; offset += ROSTER_BATCH) {
        const r = await importRoster(rows.slice(offset, offset + ROSTER_BATCH));
        if (!r.ok) {
          announce(r, '');
          sum.stoppedAt = lines[offset];
          setOutcome({ ...sum });
          status.reload();
          return r;
        }
        sum.imported += r.data.imported;
        sum.updated += r.data.updated;
        sum.unchanged += r.data.unchanged;
        sum.bound += r.data.bound;
        sum.refused.push(...r.data.refused.map((x) => ({ ...x, line: lines[offset + x.row - 1]! })));
      }
      setOutcome(sum);
      // The rows hold ID numbers: they do not stay on the screen once imported.
      setFileName('');
      set('csv')('');
      status.reload();
      showToast(sum.refused.length ? '导入完成，部分行未导入' : '导入完成');
    });

  const s = status.data;
  const last = s?.lastImport;
  return (
    <>
      <PageHead title="校园身份名册" />
      <LoadError message={status.error} />
      {s && (
        <div class="adm-stats">
          <div class="adm-stat">
            <b>{s.total}</b>名册号码（学号 {s.students}，工作证号 {s.staff}）
          </div>
          <div class={s.unverifiedAccounts ? 'adm-stat adm-stat_warn' : 'adm-stat'}>
            <b>{s.unverifiedAccounts}</b>注册时所填号码未核验的账号
          </div>
          <div class="adm-stat">
            <b>{last ? last.total : '—'}</b>
            {last
              ? `行，最近一次导入（${formatDateTime(last.at)}，${last.staffName}）：新增 ${last.imported}，更新 ${last.updated}，未导入 ${last.refused}`
              : '尚未导入'}
          </div>
        </div>
      )}
      <section class="adm-card">
        <h3 class="adm-card__title">导入名册</h3>
        <p class="adm-muted">
          学号与工作证号只有经统一身份认证或本名册核验，才成为账号的身份（可用于登录，统一身份认证也进入该账号）。自助注册时填写的号码，须与名册中该号码的姓名、身份证件号一致，且同为学生或同为教职工，才绑定到账号；否则只作为未核验的号码保留。导入后，与名册一致的未核验账号自动绑定。名册不保存身份证件号本身，只保存其密钥散列。
        </p>
        <Form id="roster" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="导入名册">
          <label class="adm-upload">
            <span>{fileName ? `已选择 ${fileName}` : '选择 Excel（.xlsx）或 CSV 文件（UTF-8 或 GBK 编码）'}</span>
            <input
              type="file"
              accept=".csv,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                if (file)
                  void pick(file).catch((err: unknown) =>
                    showToast(err instanceof Error && err.name === 'XlsxError' ? err.message : '文件读取失败'),
                  );
              }}
            />
          </label>
          <div class="weui-cells weui-cells_form">
            <TextArea
              label="名册内容"
              name="csv"
              value={values.csv}
              onValue={(text) => {
                setFileName('');
                set('csv')(text);
              }}
              error={errors.csv}
              maxLength={2_000_000}
              rows={8}
              required
              placeholder={'2023010156,0,张三,110108200501010011\n2012100045,4,李四,110108197802020022'}
              hint="每行一人：学号或工作证号、人员类别（0、1、2、7 学生；3、4 教职工）、姓名、身份证件号码，以逗号或制表符分隔（可从表格中直接粘贴）；第一行可为表头。已有的号码以本次为准更新，不会删除。"
            />
          </div>
          <SubmitButton pending={form.pending}>导入</SubmitButton>
        </Form>
      </section>
      {outcome && <OutcomeView outcome={outcome} />}
    </>
  );
}
