import { useState } from 'react';
import type { Schemas } from '@/api/client';
import { Button, SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-field';
import { Check, LoadError, Modal, PageHead, Table } from '../kit';
import { announce, schema, useRemote } from '../data';
import { createDictItem, loadDictItems, loadDictTypes, updateDictItem } from './api';

type Item = Schemas['AdminDictItem'];

/** Adds or changes one entry; the value is fixed once created, entries are disabled rather than deleted. */
function ItemForm({ type, item, onDone }: { type: string; item: Item | null; onDone: () => void }) {
  const form = useForm({
    value: item?.value ?? '',
    label: item?.label ?? '',
    sort: String(item?.sort ?? 0),
    remark: item?.remark ?? '',
    enabled: item?.enabled === false ? '' : '1',
  });
  const { values, set, errors } = form;
  const submit = () =>
    form.submit(schema('dictItemSchema'), async (input) => {
      const body = { label: input.label, sort: Number(input.sort), remark: input.remark || null, enabled: values.enabled === '1' };
      const r = item ? await updateDictItem(type, item.id, body) : await createDictItem(type, { ...body, value: input.value });
      if (announce(r, item ? '已保存' : '已新增')) onDone();
      return r;
    });
  return (
    <Form id="dict-item" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="字典项">
      <div class="weui-cells weui-cells_form">
        <TextField
          label="键值"
          name="value"
          value={values.value}
          onValue={set('value')}
          error={errors.value}
          readOnly={Boolean(item)}
          maxLength={64}
          required
          hint={item ? '键值创建后不可修改' : '历史申请引用键值，创建后不可修改'}
        />
        <TextField
          label="显示文字"
          name="label"
          value={values.label}
          onValue={set('label')}
          error={errors.label}
          maxLength={100}
          required
        />
        <TextField
          label="排序"
          name="sort"
          type="number"
          inputMode="numeric"
          value={values.sort}
          onValue={set('sort')}
          error={errors.sort}
          required
        />
        <TextField label="备注" name="remark" value={values.remark} onValue={set('remark')} error={errors.remark} maxLength={500} />
      </div>
      <Check
        label="启用（停用的项不再可选，历史记录仍显示原文字）"
        checked={values.enabled === '1'}
        onChange={(c) => set('enabled')(c ? '1' : '')}
      />
      <SubmitButton pending={form.pending}>保存</SubmitButton>
    </Form>
  );
}

/** 字典: the office's own dictionaries (editable) and the national code lists (read-only). */
export default function DictsPage() {
  const types = useRemote(loadDictTypes, []);
  const [type, setType] = useState('');
  const current = types.data?.find((t) => t.type === type) ?? types.data?.[0];
  const items = useRemote(
    () => (current ? loadDictItems(current.type) : Promise.resolve({ ok: true as const, data: [] as Item[] })),
    [current?.type],
  );
  const [editing, setEditing] = useState<Item | null | undefined>(undefined);

  return (
    <>
      <PageHead title="字典" />
      <LoadError message={types.error} />
      {current && (
        <div class="adm-cols adm-cols_side">
          <nav class="adm-card adm-list" aria-label="字典类型">
            {types.data?.map((t) => (
              <button key={t.type} type="button" aria-pressed={t.type === current.type} onClick={() => setType(t.type)}>
                {t.name}
                {!t.editable && <span class="adm-muted">只读</span>}
              </button>
            ))}
          </nav>
          <section class="adm-card">
            <div class="adm-head">
              <h3 class="adm-head__title">
                {current.name} <span class="adm-muted">{current.type}</span>
              </h3>
              {current.editable ? (
                <Button size="mini" onClick={() => setEditing(null)}>
                  新增字典项
                </Button>
              ) : (
                <span class="adm-muted">国家标准代码或系统字典，只读</span>
              )}
            </div>
            <LoadError message={items.error} />
            <Table
              head={['键值', '显示文字', '排序', '状态', '备注', ...(current.editable ? ['操作'] : [])]}
              num={['排序']}
              empty={items.data?.length === 0 && '暂无字典项'}
            >
              {items.data?.map((item) => (
                <tr key={item.id}>
                  <td>{item.value}</td>
                  <td>{item.label}</td>
                  <td class="adm-num">{item.sort}</td>
                  <td class={item.enabled ? undefined : 'adm-muted'}>{item.enabled ? '启用' : '停用'}</td>
                  <td class="adm-pre">{item.remark}</td>
                  {current.editable && (
                    <td>
                      <button type="button" class="adm-link" onClick={() => setEditing(item)} aria-label={`编辑 ${item.label}`}>
                        编辑
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </Table>
          </section>
        </div>
      )}
      {editing !== undefined && current && (
        <Modal title={editing ? `编辑：${editing.label}` : `新增：${current.name}`} onClose={() => setEditing(undefined)}>
          <ItemForm
            type={current.type}
            item={editing}
            onDone={() => {
              setEditing(undefined);
              items.reload();
            }}
          />
        </Modal>
      )}
    </>
  );
}
