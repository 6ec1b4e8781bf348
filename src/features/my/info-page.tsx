import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { client, unwrap } from '@/api/client';
import { Button } from '@/components/ui/button';
import { Cell, Cells } from '@/components/ui/cells';
import { Form, useForm } from '@/components/ui/form';
import { Select, TextField } from '@/components/ui/form-field';
import { campusIdLabel, defaultPersonTypes, loadPersonTypes } from '@/lib/person-types';
import { lazySchema } from '@/lib/lazy-schema';
import { RYLB_REQUIRED } from '@/lib/rules';
import { refreshUserInfo } from '@/stores/auth';
import { loadSectors } from '@/stores/sectors';
import { $session, setUserInfo } from '@/stores/session';
import { showToast } from '@/stores/ui';

/** 个人信息: name (editable), campus ID (read-only), person type (required). */
export default function InfoPage() {
  const { userInfo } = useStore($session);
  const form = useForm({ xm: userInfo?.xm ?? '', rylb: userInfo?.rylb ?? '' });
  const { values, set, errors } = form;
  const [types, setTypes] = useState(defaultPersonTypes);

  useEffect(() => {
    void loadPersonTypes().then(setTypes);
    void refreshUserInfo().then((r) => {
      if (r.ok) form.setValues((prev) => ({ xm: prev.xm || r.data.xm, rylb: prev.rylb || r.data.rylb }));
    });
    // Loads once; typed values are never overwritten.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = () =>
    form.submit(lazySchema('userInfoSchema'), async (input) => {
      const result = await unwrap(client.PUT('/api/userinfo', { body: { xm: input.xm, rylb: input.rylb } }));
      if (!result.ok) {
        // The server says 请选择人员类别; the contract text here is 请选择人员类型.
        return { ...result, errors: result.errors.map((e) => (e.field === 'rylb' ? { ...e, message: RYLB_REQUIRED } : e)) };
      }
      setUserInfo(result.data);
      void loadSectors();
      showToast('保存成功');
      return result;
    });

  const idLabel = campusIdLabel(values.rylb || userInfo?.rylb);
  const campusId = userInfo?.xh || userInfo?.gzzh || '';

  return (
    <div class="app-page">
      <Form id="info" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey}>
        <div class="weui-cells weui-cells_form">
          <TextField label="姓名" name="xm" autoComplete="name" maxLength={30} value={values.xm} onValue={set('xm')} error={errors.xm} required />
          <Select
            label="人员类型"
            name="rylb"
            value={values.rylb}
            options={types}
            onValue={set('rylb')}
            error={errors.rylb}
            required
            placeholder="请选择人员类型"
          />
          <TextField
            label={idLabel ?? '学号/工作证号'}
            name="campusId"
            value={campusId}
            onValue={() => undefined}
            readOnly
            placeholder="未登记"
            hint="学号或工作证号由户籍办维护，如有错误请联系户籍办。"
          />
        </div>
        {userInfo?.phone && (
          <Cells title="账号">
            <Cell label="手机号" value={userInfo.phone} />
          </Cells>
        )}
        <div class="app-actions">
          <Button type="submit" loading={form.pending}>
            保存
          </Button>
        </div>
      </Form>
    </div>
  );
}
