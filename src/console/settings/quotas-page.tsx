import { useState } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-field';
import { Check, LoadError, PageHead, Table } from '../kit';
import { announce, schema, useRemote } from '../data';
import { isoDay } from '../dates';
import { loadDictItems, loadQuotas, setQuotas } from './api';

type Kind = 'sfzbl' | 'hkkjy';
const DAY_MS = 86_400_000;
/** The call lists at most 62 days. */
const MAX_DAYS = 62;

/** Every date from one day to another (inclusive), optionally without weekends. */
export function datesBetween(from: string, to: string, workdaysOnly = false): string[] {
  const dates: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`) && dates.length < MAX_DAYS * 2; t += DAY_MS) {
    const d = new Date(t);
    if (!workdaysOnly || (d.getUTCDay() !== 0 && d.getUTCDay() !== 6)) dates.push(d.toISOString().slice(0, 10));
  }
  return dates;
}

const WEEKDAYS = '日一二三四五六';

/** 预约名额: quotas per date for the ID card (per handling method) and the borrowable dates of the card. */
export default function QuotasPage() {
  const [kind, setKind] = useState<Kind>('sfzbl');
  const [channel, setChannel] = useState('1');
  const [range, setRange] = useState({ from: isoDay(1), to: isoDay(28) });
  const channels = useRemote(() => loadDictItems('qh_sfz_blfs', true), []);
  const days = datesBetween(range.from, range.to).slice(0, MAX_DAYS);
  const quotas = useRemote(
    () =>
      days.length
        ? loadQuotas({ kind, ...(kind === 'sfzbl' ? { channel } : {}), from: days[0]!, to: days[days.length - 1]! })
        : Promise.resolve({ ok: true as const, data: [] }),
    [kind, channel, range.from, range.to],
  );
  const form = useForm({ from: isoDay(1), to: isoDay(7), total: '20', workdays: '1' });
  const { values, set, errors } = form;

  const submit = () =>
    form.submit(schema('quotaSchema'), async (input) => {
      const dates = datesBetween(input.from, input.to, values.workdays === '1');
      if (!dates.length || dates.length > MAX_DAYS) {
        form.fail({ to: dates.length ? `一次最多设置 ${MAX_DAYS} 天` : '所选范围内没有日期' });
        return;
      }
      const r = await setQuotas({ kind, ...(kind === 'sfzbl' ? { channel } : {}), dates, total: Number(input.total) });
      if (announce(r, `已设置 ${dates.length} 天的名额`)) quotas.reload();
      return r;
    });

  const byDate = new Map((quotas.data ?? []).map((q) => [q.date, q]));

  return (
    <>
      <PageHead title="预约名额" />
      <div class="adm-filters">
        <label>
          业务
          <select class="adm-input" value={kind} onChange={(e) => setKind(e.currentTarget.value as Kind)}>
            <option value="sfzbl">身份证办理</option>
            <option value="hkkjy">借用户口卡（可借日期）</option>
          </select>
        </label>
        {kind === 'sfzbl' && (
          <label>
            办理方式
            <select class="adm-input" value={channel} onChange={(e) => setChannel(e.currentTarget.value)}>
              {(channels.data ?? [{ value: '1', label: '1' }]).map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          查看日期起
          <input type="date" class="adm-input" value={range.from} onInput={(e) => setRange({ ...range, from: e.currentTarget.value })} />
        </label>
        <label>
          查看日期止
          <input type="date" class="adm-input" value={range.to} onInput={(e) => setRange({ ...range, to: e.currentTarget.value })} />
        </label>
      </div>

      <div class="adm-cols">
        <section class="adm-card">
          <h3 class="adm-card__title">名额（没有名额的日期不开放）</h3>
          <LoadError message={quotas.error} />
          <Table head={['日期', '总名额', '已预约', '剩余']} num={['总名额', '已预约', '剩余']}>
            {days.map((date) => {
              const q = byDate.get(date);
              return (
                <tr key={date}>
                  <td class="adm-nowrap">
                    {date} 周{WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]}
                  </td>
                  {q && q.total > 0 ? (
                    <>
                      <td class="adm-num">{q.total}</td>
                      <td class="adm-num">{q.booked}</td>
                      <td class={q.remaining ? 'adm-num' : 'adm-num adm-warn'}>{q.remaining}</td>
                    </>
                  ) : (
                    <td colSpan={3} class="adm-num adm-muted">
                      不开放{q?.booked ? `（已预约 ${q.booked}）` : ''}
                    </td>
                  )}
                </tr>
              );
            })}
          </Table>
        </section>
        <section class="adm-card">
          <h3 class="adm-card__title">批量设置</h3>
          <Form id="quota" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="批量设置名额">
            <div class="weui-cells weui-cells_form">
              <TextField label="开始日期" name="from" type="date" value={values.from} onValue={set('from')} error={errors.from} required />
              <TextField label="结束日期" name="to" type="date" value={values.to} onValue={set('to')} error={errors.to} required />
              <TextField
                label="每日名额"
                name="total"
                type="number"
                inputMode="numeric"
                value={values.total}
                onValue={set('total')}
                error={errors.total}
                hint="0 表示当日不开放"
                required
              />
            </div>
            <Check label="仅工作日（跳过周六、周日）" checked={values.workdays === '1'} onChange={(c) => set('workdays')(c ? '1' : '')} />
            <p class="adm-muted">日期须在今天以后；已预约的保持有效，名额不能少于已预约人数。</p>
            <SubmitButton pending={form.pending}>设置名额</SubmitButton>
          </Form>
        </section>
      </div>
    </>
  );
}
