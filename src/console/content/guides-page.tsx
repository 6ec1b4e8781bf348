import { useState } from 'react';
import type { Schemas } from '@/api/client';
import { Button, SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-field';
import { TextArea } from '@/components/service-fields/text-area';
import { formatDateTime } from '@/lib/format';
import { Check, LoadError, PageHead } from '../kit';
import { announce, schema, useRemote } from '../data';
import { loadGuide, loadGuides, updateGuide } from './api';

type Guide = Schemas['ServiceGuide'];
type Material = Schemas['ServiceGuideInput']['materials'][number];

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The editor of one guide: texts, materials (rows), steps and tips (one per line). */
function GuideForm({ guide, onDone }: { guide: Guide; onDone: () => void }) {
  const form = useForm({
    title: guide.title,
    who: guide.who,
    conditions: guide.conditions ?? '',
    steps: (guide.steps ?? []).join('\n'),
    notes: (guide.notes ?? []).join('\n'),
    timeLimit: guide.timeLimit,
    place: guide.place,
    hours: guide.hours,
    fees: guide.fees,
  });
  const { values, set, errors } = form;
  const [materials, setMaterials] = useState<Material[]>(
    guide.materials.map(({ name, required, note, example }) => ({ name, required, note, example })),
  );
  const change = (i: number, patch: Partial<Material>) => setMaterials(materials.map((m, j) => (j === i ? { ...m, ...patch } : m)));

  const submit = () =>
    form.submit(schema('guideSchema'), async (input) => {
      const body = {
        ...input,
        conditions: input.conditions || null,
        steps: lines(input.steps),
        notes: lines(input.notes),
        materials: materials.filter((m) => m.name.trim()).map((m) => ({ ...m, name: m.name.trim(), note: m.note?.trim() || null })),
      };
      const r = await updateGuide(guide.serviceCode, body);
      if (announce(r, '办事指南已保存，用户端立即生效')) onDone();
      return r;
    });

  const text = (name: keyof typeof values, label: string, max: number) => (
    <TextField label={label} name={name} value={values[name]} onValue={set(name)} error={errors[name]} maxLength={max} required />
  );
  return (
    <Form id="guide" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="办事指南">
      <div class="weui-cells weui-cells_form">
        {text('title', '业务名称', 100)}
        <TextArea label="办理对象" name="who" value={values.who} onValue={set('who')} error={errors.who} maxLength={2000} required />
        <TextArea label="办理条件" name="conditions" value={values.conditions} onValue={set('conditions')} maxLength={2000} />
        {text('timeLimit', '办理时限', 100)}
        {text('place', '办理地点', 200)}
        {text('hours', '办理时间', 200)}
        {text('fees', '收费标准', 200)}
        <div class="weui-cell">
          <div class="weui-cell__hd">
            <span class="weui-label">咨询电话</span>
          </div>
          <div class="weui-cell__bd">
            {guide.contact}
            <span class="adm-muted">（所有指南相同，取自「联系我们」的第一个电话，在「联系我们」中修改）</span>
          </div>
        </div>
        <TextArea label="办理流程" name="steps" value={values.steps} onValue={set('steps')} maxLength={5000} rows={5} hint="每行一步" />
        <TextArea label="温馨提示" name="notes" value={values.notes} onValue={set('notes')} maxLength={5000} rows={4} hint="每行一条" />
      </div>
      <h4 class="adm-card__title adm-gap">所需材料（提交申请时的材料名称）</h4>
      <table class="adm-table">
        <thead>
          <tr>
            <th>材料名称</th>
            <th>必需</th>
            <th>说明</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {materials.map((m, i) => (
            <tr key={i}>
              <td>
                <input
                  class="adm-input"
                  aria-label={`材料 ${i + 1} 名称`}
                  maxLength={50}
                  value={m.name}
                  onInput={(e) => change(i, { name: e.currentTarget.value })}
                />
              </td>
              <td>
                <Check label="必需" checked={m.required} onChange={(required) => change(i, { required })} />
              </td>
              <td>
                <input
                  class="adm-input"
                  aria-label={`材料 ${i + 1} 说明`}
                  maxLength={200}
                  value={m.note ?? ''}
                  onInput={(e) => change(i, { note: e.currentTarget.value })}
                />
              </td>
              <td>
                <button type="button" class="adm-link" onClick={() => setMaterials(materials.filter((_, j) => j !== i))}>
                  删除
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="app-actions">
        <Button
          variant="default"
          size="mini"
          onClick={() => setMaterials([...materials, { name: '', required: true, note: null, example: null }])}
        >
          添加材料
        </Button>
      </div>
      <SubmitButton pending={form.pending}>保存</SubmitButton>
    </Form>
  );
}

/** 办事指南: the guide of each service, as the students read it before applying. */
export default function GuidesPage() {
  const list = useRemote(loadGuides, []);
  const [code, setCode] = useState('');
  const guide = useRemote(() => (code ? loadGuide(code) : Promise.resolve({ ok: true as const, data: undefined })), [code]);
  return (
    <>
      <PageHead title="办事指南" />
      <LoadError message={list.error} />
      <div class="adm-cols adm-cols_side">
        <nav class="adm-card adm-list" aria-label="指南">
          {list.data?.map((g) => (
            <button key={g.serviceCode} type="button" aria-pressed={g.serviceCode === code} onClick={() => setCode(g.serviceCode)}>
              {g.title}
              <span class="adm-muted">更新于 {formatDateTime(g.updatedAt)}</span>
            </button>
          ))}
        </nav>
        <section class="adm-card">
          <LoadError message={guide.error} />
          {guide.data && guide.data.serviceCode === code ? (
            <GuideForm
              key={code}
              guide={guide.data}
              onDone={() => {
                list.reload();
                guide.reload();
              }}
            />
          ) : (
            <p class="adm-empty">请在左侧选择要编辑的办事指南</p>
          )}
        </section>
      </div>
    </>
  );
}
