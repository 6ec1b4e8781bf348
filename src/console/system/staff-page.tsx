import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Schemas } from '@/api/client';
import { Button, SubmitButton } from '@/components/ui/button';
import { Form, useForm } from '@/components/ui/form';
import { Select, TextField } from '@/components/ui/form-field';
import { formatDateTime } from '@/lib/format';
import { $staff } from '@/console/staff';
import { Check, LoadError, Modal, PageHead, Table } from '../kit';
import { announce, schema, useRemote } from '../data';
import { createStaff, loadStaff, updateStaff } from './api';

type Account = Schemas['StaffAccount'];

const ROLES = [
  { value: 'staff', label: '办理员（办理申请、回复问答、借卡归还）' },
  { value: 'admin', label: '管理员（另管理账号、设置与审计日志）' },
];

/** A new account, or changes to one (name, role, enabled, a new password); signing out its sessions is the server's. */
function AccountForm({ account, onDone }: { account: Account | null; onDone: () => void }) {
  const me = useStore($staff);
  const self = account?.id === me?.id;
  const form = useForm({
    username: account?.username ?? '',
    name: account?.name ?? '',
    role: account?.role ?? 'staff',
    password: '',
    enabled: account?.enabled === false ? '' : '1',
  });
  const { values, set, errors } = form;
  const submit = () =>
    account
      ? form.submit(schema('staffEditSchema'), async (input) => {
          const body = {
            name: input.name,
            role: input.role,
            enabled: values.enabled === '1',
            ...(input.password ? { password: input.password } : {}),
          };
          const r = await updateStaff(account.id, body);
          if (announce(r, '账号已保存')) onDone();
          return r;
        })
      : form.submit(schema('staffSchema'), async (body) => {
          const r = await createStaff(body);
          if (announce(r, '账号已创建')) onDone();
          return r;
        });
  return (
    <Form id="account" onSubmit={() => void submit()} errors={errors} focusKey={form.focusKey} label="工作人员账号">
      <div class="weui-cells weui-cells_form">
        <TextField
          label="登录名"
          name="username"
          value={values.username}
          onValue={set('username')}
          error={errors.username}
          readOnly={Boolean(account)}
          autoCapitalize="off"
          maxLength={32}
          required
        />
        <TextField label="姓名" name="name" value={values.name} onValue={set('name')} error={errors.name} maxLength={50} required />
        <Select
          label="角色"
          name="role"
          value={values.role}
          options={ROLES}
          onValue={set('role')}
          error={errors.role}
          disabled={self}
          required
        />
        <TextField
          label={account ? '重置密码' : '初始密码'}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onValue={set('password')}
          error={errors.password}
          maxLength={64}
          required={!account}
          hint={account ? '不填则不修改；重置后该账号需重新登录' : '至少8位，须同时包含字母和数字'}
        />
      </div>
      {account && !self && (
        <Check label="启用（停用后立即退出全部登录）" checked={values.enabled === '1'} onChange={(c) => set('enabled')(c ? '1' : '')} />
      )}
      <SubmitButton pending={form.pending}>保存</SubmitButton>
    </Form>
  );
}

/**
 * 工作人员: the staff accounts, adding one, changing role, disabling, resetting a password, and lifting the sign-in
 * limits of an account that strangers have been guessing at (its failed sign-ins of the hour are shown).
 */
export default function StaffPage() {
  const list = useRemote(() => loadStaff(), []);
  const [editing, setEditing] = useState<Account | null | undefined>(undefined);
  const [unlocking, setUnlocking] = useState<number | null>(null);
  async function unlock(a: Account) {
    if (unlocking !== null) return;
    setUnlocking(a.id);
    const r = await updateStaff(a.id, { unlock: true });
    setUnlocking(null);
    if (announce(r, `已解除 ${a.username} 的登录限制`)) list.reload();
  }
  return (
    <>
      <PageHead title="工作人员">
        <Button size="mini" onClick={() => setEditing(null)}>
          新建账号
        </Button>
      </PageHead>
      <LoadError message={list.error} />
      <Table head={['登录名', '姓名', '角色', '状态', '创建时间', '操作']}>
        {list.data?.map((a) => (
          <tr key={a.id}>
            <td>{a.username}</td>
            <td>{a.name}</td>
            <td>{a.roleName}</td>
            <td class={a.enabled ? undefined : 'adm-muted'}>
              {a.enabled ? '启用' : '停用'}
              {(a.failedSignIns ?? 0) > 0 && <div class="adm-warn">近1小时登录失败 {a.failedSignIns} 次</div>}
            </td>
            <td class="adm-nowrap">{formatDateTime(a.createdAt)}</td>
            <td>
              <button type="button" class="adm-link" onClick={() => setEditing(a)} aria-label={`编辑 ${a.username}`}>
                编辑
              </button>
              {(a.failedSignIns ?? 0) > 0 && (
                <button
                  type="button"
                  class="adm-link"
                  disabled={unlocking === a.id}
                  onClick={() => void unlock(a)}
                  aria-label={`解除 ${a.username} 的登录限制`}
                >
                  解除登录限制
                </button>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {editing !== undefined && (
        <Modal title={editing ? `编辑账号：${editing.username}` : '新建账号'} onClose={() => setEditing(undefined)}>
          <AccountForm
            account={editing}
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
