import { useState } from 'react';
import type { Schemas } from '@/api/client';
import { Button, SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-field';
import { confirmDialog } from '@/state/ui';
import { Check, LoadError, Modal, PageHead, Table } from '../kit';
import { announce, schema, useRemote } from '../data';
import { createBanner, deleteBanner, loadBanners, updateBanner } from './api';

type Banner = Schemas['AdminBanner'];

function BannerForm({ banner, onDone }: { banner: Banner | null; onDone: () => void }) {
  const form = useForm({
    title: banner?.title ?? '',
    imageUrl: banner?.imageUrl ?? '',
    linkUrl: banner?.linkUrl ?? '',
    sort: String(banner?.sort ?? 0),
    enabled: banner?.enabled === false ? '' : '1',
  });
  const { values, set, errors } = form;
  const submit = () =>
    form.submit(schema('bannerSchema'), async (input) => {
      const body = {
        title: input.title || null,
        imageUrl: input.imageUrl,
        linkUrl: input.linkUrl || null,
        sort: Number(input.sort),
        enabled: values.enabled === '1',
      };
      const r = banner ? await updateBanner(banner.id, body) : await createBanner(body);
      if (announce(r, banner ? '已保存' : '已新增')) onDone();
      return r;
    });
  return (
    <Form id="banner" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="轮播图">
      <div class="weui-cells weui-cells_form">
        <TextField label="标题" name="title" value={values.title} onValue={set('title')} maxLength={100} />
        <TextField
          label="图片地址"
          name="imageUrl"
          value={values.imageUrl}
          onValue={set('imageUrl')}
          error={errors.imageUrl}
          maxLength={500}
          required
          hint="站内路径（/ 开头）或 https 地址，建议宽高比 2:1"
        />
        <TextField
          label="跳转地址"
          name="linkUrl"
          value={values.linkUrl}
          onValue={set('linkUrl')}
          error={errors.linkUrl}
          maxLength={500}
          hint="站内路由（/web/ 开头）或 https 地址，可不填"
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
          hint="小者在前"
        />
      </div>
      {values.imageUrl && <img class="adm-banner adm-gap" src={values.imageUrl} alt="预览" />}
      <Check label="启用" checked={values.enabled === '1'} onChange={(c) => set('enabled')(c ? '1' : '')} />
      <SubmitButton pending={form.pending}>保存</SubmitButton>
    </Form>
  );
}

/** 轮播图: the home banners (disabled ones too), in order. */
export default function BannersPage() {
  const list = useRemote(loadBanners, []);
  const [editing, setEditing] = useState<Banner | null | undefined>(undefined);

  async function remove(b: Banner) {
    if (!(await confirmDialog({ title: '删除轮播图', message: `确定删除「${b.title || b.imageUrl}」吗？`, confirmText: '删除' }))) return;
    const r = await deleteBanner(b.id);
    if (announce(r, '已删除')) list.reload();
  }

  return (
    <>
      <PageHead title="轮播图">
        <Button size="mini" onClick={() => setEditing(null)}>
          新增轮播图
        </Button>
      </PageHead>
      <LoadError message={list.error} />
      <Table head={['图片', '标题', '跳转地址', '排序', '状态', '操作']} num={['排序']} empty={list.data?.length === 0 && '暂无轮播图'}>
        {list.data?.map((b) => (
          <tr key={b.id}>
            <td>
              <img class="adm-banner adm-banner_thumb" src={b.imageUrl} alt={b.title ?? ''} />
            </td>
            <td>{b.title}</td>
            <td class="adm-pre">{b.linkUrl}</td>
            <td class="adm-num">{b.sort}</td>
            <td class={b.enabled ? undefined : 'adm-muted'}>{b.enabled ? '启用' : '停用'}</td>
            <td class="adm-nowrap">
              <button type="button" class="adm-link" onClick={() => setEditing(b)} aria-label={`编辑 ${b.title ?? b.id}`}>
                编辑
              </button>{' '}
              <button type="button" class="adm-link adm-warn" onClick={() => void remove(b)} aria-label={`删除 ${b.title ?? b.id}`}>
                删除
              </button>
            </td>
          </tr>
        ))}
      </Table>
      {editing !== undefined && (
        <Modal title={editing ? '编辑轮播图' : '新增轮播图'} onClose={() => setEditing(undefined)}>
          <BannerForm
            banner={editing}
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
