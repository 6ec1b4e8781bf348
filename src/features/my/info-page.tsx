import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { client, unwrap } from '@/api/client';
import { navigate } from '@/lib/nav';
import { Button, SubmitButton } from '@/components/ui/button';
import { Cell, Cells } from '@/components/ui/cells';
import { Form, useForm } from '@/components/ui/form';
import { Select } from '@/components/ui/form-field';
import { paths } from '@shared/pages/paths';
import { loadPersonTypes } from '@/api/person-types';
import { campusIdLabel, defaultPersonTypes, personTypeLabel } from '@/lib/person-types';
import { lazySchema } from '@/lib/lazy-schema';
import { RYLB_REQUIRED } from '@/lib/rules';
import { refreshUserInfo } from '@/stores/auth';
import { loadSectors } from '@/stores/sectors';
import { $session, setUserInfo } from '@/state/session';
import { showToast } from '@/state/ui';

/** 其他信息变更 opened on 人员类型变更 (the record item /info used to let people change themselves). */
export const CHANGE_RECORD_HREF = paths.changeOther.href({ bslx: '110' });

/**
 * 个人信息: the office's record of the person (name, ID number, person type, campus number), read-only; changes are
 * asked for through 其他信息变更. An account without a person type (single sign-on that gave none) picks it once.
 */
export default function InfoPage() {
  const { userInfo } = useStore($session);
  const [types, setTypes] = useState(defaultPersonTypes);
  const form = useForm({ rylb: '' });
  const { values, set, errors } = form;

  useEffect(() => {
    void loadPersonTypes().then(setTypes);
    void refreshUserInfo();
  }, []);

  const typeless = !!userInfo && !userInfo.rylb;
  const submit = () =>
    form.submit(lazySchema('personTypeSchema'), async (input) => {
      const result = await unwrap(client.PUT('/api/userinfo', { body: { rylb: input.rylb } }));
      if (!result.ok) {
        // The server says 请选择人员类别; the contract text here is 请选择人员类型.
        return { ...result, errors: result.errors.map((e) => (e.field === 'rylb' ? { ...e, message: RYLB_REQUIRED } : e)) };
      }
      setUserInfo(result.data);
      void loadSectors();
      showToast('保存成功');
      return result;
    });

  const idLabel = campusIdLabel(userInfo?.rylb);
  const campusId = userInfo?.xh || userInfo?.gzzh || '';
  const typeName = userInfo?.rylbmc || personTypeLabel(userInfo?.rylb, types);

  return (
    <div class="app-page">
      <Cells title="登记信息" tips="以上信息以户籍办的登记为准，如有变化或错误，请申请变更，户籍办审核通过后更新。">
        <Cell label="姓名" value={userInfo?.xm ?? ''} />
        <Cell label="身份证件号" value={userInfo?.sfzjh || '未登记'} />
        {!typeless && <Cell label="人员类型" value={typeName} />}
        <Cell label={idLabel ?? '学号/工作证号'} value={campusId || '未登记'} />
      </Cells>
      {typeless && (
        <Form id="info" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey}>
          <section class="weui-cells__group">
            <div class="weui-cells weui-cells_form">
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
            </div>
            <div class="weui-cells__tips">请选择您的人员类型，保存后即可办理相应业务；之后如需变更，请申请变更信息。</div>
          </section>
          <SubmitButton pending={form.pending}>保存</SubmitButton>
        </Form>
      )}
      <div class="app-actions">
        <Button variant={typeless ? 'default' : 'primary'} onClick={() => void navigate(CHANGE_RECORD_HREF)}>
          申请变更信息
        </Button>
      </div>
      {userInfo?.phone && (
        <Cells title="账号">
          <Cell label="手机号" value={userInfo.phone} />
        </Cells>
      )}
    </div>
  );
}
