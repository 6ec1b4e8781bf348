import { useState } from 'react';
import type { Schemas } from '@/api/client';
import { Button, SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-field';
import { TextArea } from '@/components/service-fields/text-area';
import { formatDateTime } from '@/lib/format';
import { confirmDialog } from '@/state/ui';
import { Check, KeywordSearch, LoadError, Modal, PAGE_SIZE, PageHead, Pager, Table } from '../kit';
import { announce, schema, useRemote } from '../data';
import { chinaInputToIso, toLocalInput } from '../dates';
import {
  createAnnouncement,
  deleteAnnouncement,
  deleteAnnouncementFile,
  loadAnnouncements,
  updateAnnouncement,
  uploadAnnouncementFile,
} from './api';

type Announcement = Schemas['AdminAnnouncement'];

/** The attachments of a saved announcement: upload (multipart) and remove. */
function Files({ item, onChange }: { item: Announcement; onChange: (item: Announcement) => void }) {
  const [busy, setBusy] = useState(false);
  const files = item.attachments ?? [];

  async function upload(file: File) {
    setBusy(true);
    const r = await uploadAnnouncementFile(item.id, file);
    setBusy(false);
    // The multipart call's answer is not typed through openapi-fetch: it is the contract's DownloadableFile.
    if (announce(r, '附件已上传') && r.ok) onChange({ ...item, attachments: [...files, r.data as Schemas['DownloadableFile']] });
  }

  async function remove(fileName: string, name: string) {
    if (!(await confirmDialog({ title: '删除附件', message: `确定删除附件「${name}」吗？`, confirmText: '删除' }))) return;
    const r = await deleteAnnouncementFile(item.id, fileName);
    if (announce(r, '附件已删除')) onChange({ ...item, attachments: files.filter((f) => f.fileName !== fileName) });
  }

  return (
    <section class="adm-gap">
      <h4 class="adm-card__title">附件</h4>
      <ul class="adm-plain">
        {files.map((f) => (
          <li key={f.fileName}>
            {f.name}{' '}
            <button type="button" class="adm-link" onClick={() => void remove(f.fileName, f.name)} aria-label={`删除附件 ${f.name}`}>
              删除
            </button>
          </li>
        ))}
      </ul>
      <label class="adm-upload">
        <span>{busy ? '上传中…' : '上传附件（pdf、jpg、png、webp，不超过10MB）'}</span>
        <input
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp"
          disabled={busy}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void upload(file);
          }}
        />
      </label>
    </section>
  );
}

function AnnouncementForm({ item, onSaved }: { item: Announcement | null; onSaved: (item: Announcement) => void }) {
  const form = useForm({
    title: item?.title ?? '',
    summary: item?.summary ?? '',
    content: item?.content ?? '',
    publishTime: item ? toLocalInput(item.publishTime) : '',
    top: item?.top ? '1' : '',
    published: item?.published ? '1' : '',
  });
  const { values, set, errors } = form;
  const submit = () =>
    form.submit(schema('announcementSchema'), async (input) => {
      const body = {
        title: input.title,
        summary: input.summary || null,
        content: input.content || null,
        top: values.top === '1',
        published: values.published === '1',
        ...(input.publishTime ? { publishTime: chinaInputToIso(input.publishTime) } : {}),
      };
      const r = item ? await updateAnnouncement(item.id, body) : await createAnnouncement(body);
      if (announce(r, item ? '公告已保存' : '公告已创建，可上传附件') && r.ok) onSaved(r.data);
      return r;
    });
  return (
    <Form id="announcement" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="公告">
      <div class="weui-cells weui-cells_form">
        <TextField label="标题" name="title" value={values.title} onValue={set('title')} error={errors.title} maxLength={100} required />
        <TextField label="摘要" name="summary" value={values.summary} onValue={set('summary')} maxLength={200} hint="不填取正文首段" />
        <TextArea label="正文" name="content" value={values.content} onValue={set('content')} maxLength={20000} rows={8} />
        <TextField
          label="发布时间"
          name="publishTime"
          type="datetime-local"
          value={values.publishTime}
          onValue={set('publishTime')}
          hint="不填为保存时"
        />
      </div>
      <div class="adm-row">
        <Check label="置顶" checked={values.top === '1'} onChange={(c) => set('top')(c ? '1' : '')} />
        <Check label="发布（未发布的用户看不到）" checked={values.published === '1'} onChange={(c) => set('published')(c ? '1' : '')} />
      </div>
      <SubmitButton pending={form.pending}>保存</SubmitButton>
    </Form>
  );
}

/** 通知公告: all announcements (unpublished too), editing, attachments, deleting. */
export default function AnnouncementsPage() {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const list = useRemote(() => loadAnnouncements({ ...(keyword ? { keyword } : {}), pageNum: page, pageSize: PAGE_SIZE }), [page, keyword]);
  const [editing, setEditing] = useState<Announcement | null | undefined>(undefined);

  async function remove(item: Announcement) {
    if (
      !(await confirmDialog({ title: '删除公告', message: `确定删除「${item.title}」及其附件吗？删除后不能恢复。`, confirmText: '删除' }))
    )
      return;
    const r = await deleteAnnouncement(item.id);
    if (announce(r, '公告已删除')) list.reload();
  }

  return (
    <>
      <PageHead title="通知公告">
        <KeywordSearch
          label="标题关键字"
          placeholder="标题关键字"
          value={keyword}
          secondary
          onSearch={(k) => {
            setPage(1);
            setKeyword(k);
          }}
        />
        <Button size="mini" onClick={() => setEditing(null)}>
          新建公告
        </Button>
      </PageHead>
      <LoadError message={list.error} />
      <Table head={['标题', '发布时间', '状态', '附件', '操作']} num={['附件']} empty={list.data?.length === 0 && '暂无公告'}>
        {list.data?.map((a) => (
          <tr key={a.id}>
            <td>
              {a.top && <span class="adm-tag adm-tag_3">置顶</span>} {a.title}
            </td>
            <td class="adm-nowrap">{formatDateTime(a.publishTime)}</td>
            <td class={a.published ? undefined : 'adm-muted'}>{a.published ? '已发布' : '未发布'}</td>
            <td class="adm-num">{a.attachments?.length ?? 0}</td>
            <td class="adm-nowrap">
              <button type="button" class="adm-link" onClick={() => setEditing(a)} aria-label={`编辑 ${a.title}`}>
                编辑
              </button>{' '}
              <button type="button" class="adm-link adm-warn" onClick={() => void remove(a)} aria-label={`删除 ${a.title}`}>
                删除
              </button>
            </td>
          </tr>
        ))}
      </Table>
      {list.data && <Pager page={page} total={list.total} onPage={setPage} />}
      {editing !== undefined && (
        <Modal
          title={editing ? '编辑公告' : '新建公告'}
          onClose={() => {
            setEditing(undefined);
            list.reload();
          }}
        >
          <AnnouncementForm key={editing?.id ?? 'new'} item={editing} onSaved={setEditing} />
          {editing ? <Files item={editing} onChange={setEditing} /> : <p class="adm-muted">保存后可上传附件。</p>}
        </Modal>
      )}
    </>
  );
}
