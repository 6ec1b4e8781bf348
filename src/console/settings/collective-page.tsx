// 工作台「集体户」: the university's collective households, in which every move-in lands. The move-in vouchers (户口卡,
// 户主页) carry their number, name, address and police station, and the stamped head page uploaded here.
import { useEffect, useState } from 'react';
import type { Schemas } from '@/api/client';
import { SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { Select, TextField } from '@/components/ui/form-field';
import { LoadError, Modal, PageHead, Table } from '../kit';
import { announce, schema, useRemote } from '../data';
import { loadCollectiveHouseholds, loadPoliceStations, readHeadPage, updateCollectiveHousehold, uploadHeadPage } from './api';

type Collective = Schemas['CollectiveHousehold'];
type Station = Schemas['AdminPoliceStation'];

function CollectiveForm({ item, stations, onSaved }: { item: Collective; stations: Station[]; onSaved: (saved: Collective) => void }) {
  const form = useForm({
    householdNo: item.householdNo ?? '',
    name: item.name ?? '',
    address: item.address ?? '',
    policeStationId: item.policeStationId ?? '',
    registeredOn: item.registeredOn ?? '',
  });
  const { values, set, errors } = form;
  const submit = () =>
    form.submit(schema('collectiveSchema'), async (input) => {
      const r = await updateCollectiveHousehold(item.key, input);
      if (announce(r, '已保存') && r.ok) onSaved(r.data);
      return r;
    });
  return (
    <Form id="collective" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label={item.label}>
      <div class="weui-cells weui-cells_form">
        <TextField
          label="户号"
          name="householdNo"
          value={values.householdNo}
          onValue={set('householdNo')}
          error={errors.householdNo}
          maxLength={32}
          required
        />
        <TextField
          label="户名"
          name="name"
          value={values.name}
          onValue={set('name')}
          error={errors.name}
          maxLength={100}
          required
          hint="集体户的户名，如「某某大学学生集体户」"
        />
        <TextField
          label="住址"
          name="address"
          value={values.address}
          onValue={set('address')}
          error={errors.address}
          maxLength={200}
          required
        />
        <Select
          label="派出所"
          name="policeStationId"
          value={values.policeStationId}
          options={stations.map((s) => ({ value: s.id, label: s.name }))}
          onValue={set('policeStationId')}
          error={errors.policeStationId}
          required
        />
        <TextField
          label="立户日期"
          name="registeredOn"
          type="date"
          value={values.registeredOn}
          onValue={set('registeredOn')}
          error={errors.registeredOn}
          required
        />
      </div>
      <SubmitButton pending={form.pending}>保存</SubmitButton>
    </Form>
  );
}

/** The stamped head page: what the vouchers show, and its replacement (an image, checked by the server by content). */
function HeadPage({ item, onChanged }: { item: Collective; onChanged: (saved: Collective) => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!item.hasHeadPage) return undefined;
    let made: string | null = null;
    void readHeadPage(item.key).then((r) => {
      if (r.ok) setUrl((made = URL.createObjectURL(r.data)));
    });
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [item.key, item.hasHeadPage, item.updatedAt]);

  async function upload(file: File) {
    setBusy(true);
    const r = await uploadHeadPage(item.key, file);
    setBusy(false);
    if (announce(r, '已上传') && r.ok) onChanged(r.data);
  }

  return (
    <section class="adm-gap">
      <h4 class="adm-card__title">户主页照片</h4>
      {item.hasHeadPage ? (
        url && <img class="adm-head-page" src={url} alt={`${item.name ?? item.label}户主页`} />
      ) : (
        <p class="adm-muted">尚未上传：迁入办结后，申请人下载的户主页凭证将没有照片。</p>
      )}
      {item.configured ? (
        <label class="adm-upload">
          <span>
            {busy ? '上传中…' : `${item.hasHeadPage ? '更换' : '上传'}户主页照片（加盖公章的户主页，jpg、png、webp，不超过10MB）`}
          </span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={busy}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) void upload(file);
            }}
          />
        </label>
      ) : (
        <p class="adm-muted">请先填写并保存集体户信息，再上传户主页照片。</p>
      )}
    </section>
  );
}

/** 集体户: the school's three collective households, kept by the office. */
export default function CollectivePage() {
  const list = useRemote(loadCollectiveHouseholds, []);
  const stations = useRemote(loadPoliceStations, []);
  const [editing, setEditing] = useState<Collective | null>(null);
  const missing = list.data?.filter((c) => !c.configured) ?? [];
  const saved = (item: Collective) => {
    setEditing(item);
    list.reload();
  };
  return (
    <>
      <PageHead title="集体户" />
      <p class="adm-muted">
        每个迁入都落在学校的集体户之一：新生迁入落在学生集体户，教职工迁入及家属落在教职工集体户，博士后进站落在博士后集体户。迁入凭证（户口卡、户主页）按这里的信息生成。
      </p>
      {missing.length > 0 && (
        <p class="adm-alert" role="alert">
          {missing.map((c) => c.label).join('、')}尚未设置：落在其中的迁入暂不能办结。
        </p>
      )}
      <LoadError message={list.error || stations.error} />
      <Table head={['用途', '户号', '户名', '住址', '派出所', '立户日期', '户主页', '操作']}>
        {list.data?.map((c) => (
          <tr key={c.key}>
            <td>{c.label}</td>
            {c.configured ? (
              <>
                <td>{c.householdNo}</td>
                <td>{c.name}</td>
                <td>{c.address}</td>
                <td>{c.policeStationName ?? c.policeStationId}</td>
                <td>{c.registeredOn}</td>
                <td>{c.hasHeadPage ? '已上传' : '未上传'}</td>
              </>
            ) : (
              <td colSpan={6} class="adm-muted">
                未设置
              </td>
            )}
            <td>
              <button
                type="button"
                class="adm-link"
                onClick={() => setEditing(c)}
                aria-label={`${c.configured ? '编辑' : '设置'} ${c.label}`}
              >
                {c.configured ? '编辑' : '设置'}
              </button>
            </td>
          </tr>
        ))}
      </Table>
      {editing && (
        <Modal title={`${editing.configured ? '编辑' : '设置'}：${editing.label}`} onClose={() => setEditing(null)}>
          <CollectiveForm key={`${editing.key}-${editing.updatedAt}`} item={editing} stations={stations.data ?? []} onSaved={saved} />
          <HeadPage item={editing} onChanged={saved} />
        </Modal>
      )}
    </>
  );
}
