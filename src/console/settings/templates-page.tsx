import { useState } from 'react';
import type { Schemas } from '@/api/client';
import { SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-field';
import { TextArea } from '@/components/service-fields/text-area';
import { LoadError, Modal, PageHead, Table } from '../kit';
import { announce, schema, useRemote } from '../data';
import { ProofWordings } from './proof-wordings';
import { loadNoticeTemplates, updateNoticeTemplate } from './api';

type Template = Schemas['NoticeTemplate'];

type Provider = 'aliyun' | 'tencent' | 'gateway' | null;

/** The parameters a provider template must declare for this text, in order (Tencent {1}…, Aliyun by name). */
function smsParamsHint(content: string, provider: Provider, variables: Record<string, string>): string {
  const names = [...new Set([...content.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!).filter((p) => p in variables))];
  if (!names.length) return '正文没有占位符：短信模板不需要参数';
  if (provider === 'aliyun') return `阿里云模板变量：${names.map((n) => `\${${variables[n] ?? n}}`).join(' ')}`;
  return `腾讯云模板参数：${names.map((n, i) => `{${i + 1}}=${n}`).join(' ')}`;
}

function TemplateForm({
  template,
  provider,
  variables,
  onDone,
}: {
  template: Template;
  provider: Provider;
  variables: Record<string, string>;
  onDone: () => void;
}) {
  const form = useForm({ title: template.title, content: template.content, smsTemplateId: template.smsTemplateId ?? '' });
  const { values, set, errors } = form;
  // The placeholders the server fills: the keys of its SMS variables (one list, the server's).
  const placeholders = Object.keys(variables);
  const submit = () =>
    form.submit(
      () => schema('templateSchema')().then((make) => make(placeholders)),
      async (body) => {
        const r = await updateNoticeTemplate(template.key, body);
        if (announce(r, '模板已保存')) onDone();
        return r;
      },
    );
  return (
    <Form id="template" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="通知模板">
      <div class="weui-cells weui-cells_form">
        <TextField
          label="消息标题"
          name="title"
          value={values.title}
          onValue={set('title')}
          error={errors.title}
          maxLength={100}
          required
        />
        <TextArea
          label="正文"
          name="content"
          value={values.content}
          onValue={set('content')}
          error={errors.content}
          maxLength={500}
          rows={5}
          required
          hint="正文同时用作短信"
        />
        {(provider === 'aliyun' || provider === 'tencent') && (
          <TextField
            label="短信模板编号"
            name="smsTemplateId"
            value={values.smsTemplateId}
            onValue={set('smsTemplateId')}
            error={errors.smsTemplateId}
            maxLength={40}
            placeholder={provider === 'aliyun' ? '如 SMS_123456789' : '如 1234567'}
            hint={`在${provider === 'aliyun' ? '阿里云' : '腾讯云'}短信控制台申请并审核通过的模板编号；留空则按 SMS_TEMPLATE_IDS，都没有则不发短信。${smsParamsHint(values.content, provider, variables)}`}
          />
        )}
      </div>
      <div class="adm-row" role="group" aria-label="插入占位符">
        {placeholders.map((p) => (
          <button key={p} type="button" class="adm-chip" onClick={() => set('content')(`${values.content}{${p}}`)}>
            {`{${p}}`}
          </button>
        ))}
      </div>
      <SubmitButton pending={form.pending}>保存</SubmitButton>
    </Form>
  );
}

const smsState = (provider: Provider) =>
  provider === 'aliyun' || provider === 'tencent'
    ? `短信经${provider === 'aliyun' ? '阿里云' : '腾讯云'}按模板编号发送：未设模板编号的操作只发消息通知`
    : provider === 'gateway'
      ? '已配置短信网关：办理后同时发送短信'
      : '未配置短信网关：只发送消息通知';

/** 通知模板: the notice (and SMS) of each staff action, with placeholders. */
export default function TemplatesPage() {
  const data = useRemote(loadNoticeTemplates, []);
  const [editing, setEditing] = useState<Template | null>(null);
  return (
    <>
      <PageHead title="通知模板">{data.data && <span class="adm-muted">{smsState(data.data.smsProvider)}</span>}</PageHead>
      <LoadError message={data.error} />
      <Table head={['办理操作', '消息标题', '正文', '短信模板编号', '操作']}>
        {data.data?.templates.map((t) => (
          <tr key={t.key}>
            <td class="adm-nowrap">{t.name}</td>
            <td>{t.title}</td>
            <td class="adm-pre">{t.content}</td>
            <td class="adm-nowrap">{t.smsTemplateId ?? <span class="adm-muted">未设置</span>}</td>
            <td>
              <button type="button" class="adm-link" onClick={() => setEditing(t)} aria-label={`编辑 ${t.name}`}>
                编辑
              </button>
            </td>
          </tr>
        ))}
      </Table>
      {editing && (
        <Modal title={`编辑模板：${editing.name}`} onClose={() => setEditing(null)}>
          <TemplateForm
            template={editing}
            provider={data.data?.smsProvider ?? null}
            variables={data.data?.smsVariables ?? {}}
            onDone={() => {
              setEditing(null);
              data.reload();
            }}
          />
        </Modal>
      )}
      <ProofWordings />
    </>
  );
}
