import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-field';
import { TextArea } from '@/components/service-fields/text-area';
import { $adminMeta } from '@/console/staff';
import { LoadError, PageHead } from '../kit';
import { announce, schema, useRemote } from '../data';
import { chinaInputToIso, toLocalInput } from '../dates';
import { loadHomeSettings, updateHomeSettings } from './api';

/** 提示与迎新时间: the home tip per person type (and the general one), and the new-student window. */
export default function TipsPage() {
  const meta = useStore($adminMeta);
  const settings = useRemote(loadHomeSettings, []);
  const form = useForm<Record<string, string>>({ yxStartTime: '', yxEndTime: '' });
  const { values, set, errors } = form;
  const keys = [{ key: 'default', label: '通用提示' }, ...(meta?.personTypes ?? []).map((p) => ({ key: p.rylb, label: p.label }))];

  useEffect(() => {
    const s = settings.data;
    if (s) form.setValues({ ...s.tips, yxStartTime: toLocalInput(s.yxStartTime), yxEndTime: toLocalInput(s.yxEndTime) });
    // Filled once the settings arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings.data]);

  const submit = () =>
    form.submit(schema('windowSchema'), async (window) => {
      const tips = Object.fromEntries(keys.map(({ key }) => [key, (values[key] ?? '').trim()]));
      const r = await updateHomeSettings({
        tips,
        yxStartTime: chinaInputToIso(window.yxStartTime),
        yxEndTime: chinaInputToIso(window.yxEndTime),
      });
      announce(r, '已保存');
      return r;
    });

  return (
    <>
      <PageHead title="提示与迎新时间" />
      <LoadError message={settings.error} />
      {settings.data && (
        <Form id="tips" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="提示与迎新时间">
          <section class="adm-card">
            <h3 class="adm-card__title">新生迁入办理时间</h3>
            <div class="weui-cells weui-cells_form">
              <TextField
                label="开始时间"
                name="yxStartTime"
                type="datetime-local"
                value={values.yxStartTime}
                onValue={set('yxStartTime')}
                error={errors.yxStartTime}
                required
              />
              <TextField
                label="结束时间"
                name="yxEndTime"
                type="datetime-local"
                value={values.yxEndTime}
                onValue={set('yxEndTime')}
                error={errors.yxEndTime}
                required
              />
            </div>
          </section>
          <section class="adm-card">
            <h3 class="adm-card__title">首页提示（留空则不提示）</h3>
            <div class="weui-cells weui-cells_form">
              {keys.map(({ key, label }) => (
                <TextArea key={key} label={label} name={key} value={values[key] ?? ''} onValue={set(key)} maxLength={500} rows={2} />
              ))}
            </div>
            <SubmitButton pending={form.pending}>保存</SubmitButton>
          </section>
        </Form>
      )}
    </>
  );
}
