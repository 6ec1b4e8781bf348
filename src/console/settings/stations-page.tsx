import { useState } from 'react';
import type { Schemas } from '@/api/client';
import { Button, SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-field';
import { LoadError, Modal, PageHead, Table } from '../kit';
import { announce, schema, useRemote } from '../data';
import { createPoliceStation, loadPoliceStations, updatePoliceStation } from './api';

type Station = Schemas['AdminPoliceStation'];

function StationForm({ station, onDone }: { station: Station | null; onDone: () => void }) {
  const form = useForm({
    id: station?.id ?? '',
    name: station?.name ?? '',
    divisionCode: station?.divisionCode ?? '',
    address: station?.address ?? '',
    sort: String(station?.sort ?? 0),
  });
  const { values, set, errors } = form;
  const submit = () =>
    form.submit(schema('stationSchema'), async (input) => {
      const body = { name: input.name, divisionCode: input.divisionCode, address: input.address || null, sort: Number(input.sort) };
      const r = station ? await updatePoliceStation(station.id, body) : await createPoliceStation({ ...body, id: input.id });
      if (announce(r, station ? '已保存' : '已新增')) onDone();
      return r;
    });
  return (
    <Form id="station" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="派出所">
      <div class="weui-cells weui-cells_form">
        <TextField
          label="编号"
          name="id"
          inputMode="numeric"
          value={values.id}
          onValue={set('id')}
          error={errors.id}
          readOnly={Boolean(station)}
          maxLength={32}
          required
          hint="通常为12位，前6位为区县代码；创建后不可修改"
        />
        <TextField label="名称" name="name" value={values.name} onValue={set('name')} error={errors.name} maxLength={100} required />
        <TextField
          label="区县代码"
          name="divisionCode"
          inputMode="numeric"
          value={values.divisionCode}
          onValue={set('divisionCode')}
          error={errors.divisionCode}
          maxLength={6}
          required
        />
        <TextField label="地址" name="address" value={values.address} onValue={set('address')} error={errors.address} maxLength={200} />
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
      </div>
      <SubmitButton pending={form.pending}>保存</SubmitButton>
    </Form>
  );
}

/** 派出所: the police stations offered in the forms (迁往地派出所 and others). */
export default function StationsPage() {
  const list = useRemote(loadPoliceStations, []);
  const [editing, setEditing] = useState<Station | null | undefined>(undefined);
  return (
    <>
      <PageHead title="派出所">
        <Button size="mini" onClick={() => setEditing(null)}>
          新增派出所
        </Button>
      </PageHead>
      <LoadError message={list.error} />
      <Table head={['编号', '名称', '区县代码', '地址', '排序', '操作']} num={['排序']} empty={list.data?.length === 0 && '暂无派出所'}>
        {list.data?.map((s) => (
          <tr key={s.id}>
            <td>{s.id}</td>
            <td>{s.name}</td>
            <td>{s.divisionCode}</td>
            <td>{s.address}</td>
            <td class="adm-num">{s.sort}</td>
            <td>
              <button type="button" class="adm-link" onClick={() => setEditing(s)} aria-label={`编辑 ${s.name}`}>
                编辑
              </button>
            </td>
          </tr>
        ))}
      </Table>
      {editing !== undefined && (
        <Modal title={editing ? `编辑：${editing.name}` : '新增派出所'} onClose={() => setEditing(undefined)}>
          <StationForm
            station={editing}
            onDone={() => {
              setEditing(undefined);
              list.reload();
            }}
          />
        </Modal>
      )}
    </>
  );
}
