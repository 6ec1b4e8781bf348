import { useEffect } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-field';
import { TextArea } from '@/components/service-fields/text-area';
import { LoadError, PageHead } from '../kit';
import { announce, schema, useRemote } from '../data';
import { loadContact, updateContact } from './api';

/** 联系我们: what /contact-information shows (office, address, hours, phones, email, notes). */
export default function ContactPage() {
  const contact = useRemote(loadContact, []);
  const form = useForm({ officeName: '', address: '', hours: '', phones: '', email: '', notes: '' });
  const { values, set, errors } = form;

  useEffect(() => {
    const c = contact.data;
    if (c) {
      form.setValues({
        officeName: c.officeName,
        address: c.address,
        hours: c.hours,
        phones: c.phones.map((p) => `${p.label} ${p.phone}`).join('\n'),
        email: c.email ?? '',
        notes: c.notes ?? '',
      });
    }
    // Filled once the settings arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [contact.data]);

  const submit = () =>
    form.submit(schema('contactSchema'), async (input) => {
      const phones = input.phones
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([label, phone]) => ({ label, phone }));
      const r = await updateContact({ ...input, phones, email: input.email || null, notes: input.notes || null });
      announce(r, '联系我们已保存');
      return r;
    });

  return (
    <>
      <PageHead title="联系我们" />
      <LoadError message={contact.error} />
      {contact.data && (
        <section class="adm-card">
          <Form id="contact" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="联系我们">
            <div class="weui-cells weui-cells_form">
              <TextField
                label="办公室名称"
                name="officeName"
                value={values.officeName}
                onValue={set('officeName')}
                error={errors.officeName}
                maxLength={100}
                required
              />
              <TextField
                label="办公地址"
                name="address"
                value={values.address}
                onValue={set('address')}
                error={errors.address}
                maxLength={200}
                required
              />
              <TextField
                label="办公时间"
                name="hours"
                value={values.hours}
                onValue={set('hours')}
                error={errors.hours}
                maxLength={200}
                required
              />
              <TextArea
                label="联系电话"
                name="phones"
                value={values.phones}
                onValue={set('phones')}
                error={errors.phones}
                maxLength={1000}
                rows={4}
                required
                hint="每行一个：说明 空格 号码，如 户籍咨询 010-12345678"
              />
              <TextField
                label="电子邮箱"
                name="email"
                type="email"
                value={values.email}
                onValue={set('email')}
                error={errors.email}
                maxLength={100}
              />
              <TextArea label="其他说明" name="notes" value={values.notes} onValue={set('notes')} maxLength={1000} rows={3} />
            </div>
            <SubmitButton pending={form.pending}>保存</SubmitButton>
          </Form>
        </section>
      )}
    </>
  );
}
