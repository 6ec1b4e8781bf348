import { useState } from 'react';
import type { Schemas } from '@/api/client';
import { TextArea } from '@/components/service-fields/text-area';
import { SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { LoadError, Modal, Table } from '../kit';
import { announce, schema, useRemote } from '../data';
import { loadProofWordings, updateProofWording } from './api';

type Wording = Schemas['ProofWording'];

function WordingForm({ wording, placeholders, onDone }: { wording: Wording; placeholders: string[]; onDone: () => void }) {
  const form = useForm({ text: wording.text });
  const { values, set, errors } = form;
  const submit = () =>
    form.submit(schema('wordingSchema'), async (input) => {
      const r = await updateProofWording(wording.type, input);
      if (announce(r, '已保存')) onDone();
      return r;
    });
  return (
    <Form id="wording" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label={`证明模板：${wording.label}`}>
      <div class="weui-cells weui-cells_form">
        <TextArea
          label="证明文字"
          name="text"
          value={values.text}
          onValue={set('text')}
          error={errors.text}
          maxLength={2000}
          required
          rows={6}
        />
      </div>
      <div class="adm-row" role="group" aria-label="插入占位符">
        {placeholders.map((p) => (
          <button key={p} type="button" class="adm-chip" onClick={() => set('text')(`${values.text}{${p}}`)}>
            {`{${p}}`}
          </button>
        ))}
      </div>
      <p class="adm-muted">保存后签发的户籍证明使用新文字；已签发的证明不变。证明下方自动附「用途」「接收单位」与有效期。</p>
      <SubmitButton pending={form.pending}>保存</SubmitButton>
    </Form>
  );
}

/** 证明模板: the wording the office certifies, per 户籍证明 type. */
export function ProofWordings() {
  const data = useRemote(loadProofWordings, []);
  const [editing, setEditing] = useState<Wording | null>(null);
  return (
    <section aria-label="证明模板">
      <h2 class="adm-card__title">证明模板（户籍证明的证明文字）</h2>
      <LoadError message={data.error} />
      <Table head={['证明类型', '证明文字', '操作']}>
        {data.data?.wordings.map((w) => (
          <tr key={w.type}>
            <td class="adm-nowrap">
              {w.label}
              {!w.edited && <div class="adm-muted">默认</div>}
            </td>
            <td class="adm-pre">{w.text}</td>
            <td>
              <button type="button" class="adm-link" onClick={() => setEditing(w)} aria-label={`编辑 ${w.label}`}>
                编辑
              </button>
            </td>
          </tr>
        ))}
      </Table>
      {editing && (
        <Modal title={`编辑证明模板：${editing.label}`} onClose={() => setEditing(null)}>
          <WordingForm
            wording={editing}
            placeholders={data.data?.placeholders ?? []}
            onDone={() => {
              setEditing(null);
              data.reload();
            }}
          />
        </Modal>
      )}
    </section>
  );
}
