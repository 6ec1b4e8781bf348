import './my.css';
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { client, unwrap, type Schemas } from '@/api/client';
import { navigate } from '@/lib/nav';
import { Button } from '@/components/ui/button';
import { Cell, Cells } from '@/components/ui/cells';
import { paths } from '@shared/pages/paths';
import { careModeOn, setCareMode } from '@/lib/care-mode';
import { formatDate, maskIdNumber } from '@/lib/format';
import { campusIdLabel, personTypeLabel } from '@/lib/person-types';
import { signOut } from '@/stores/auth';
import { $session } from '@/state/session';
import { confirmDialog } from '@/state/ui';

type HouseholdRecord = Schemas['HouseholdRecord'];

/** 我的户籍: the household record, the booklet, links, logout. */
export default function MyPage() {
  const { userInfo } = useStore($session);
  const [record, setRecord] = useState<HouseholdRecord | null>(null);
  const [failed, setFailed] = useState(false);
  const [leaving, setLeaving] = useState(false);

  // Loaded for the signed-in user, and again when one signs in while the page is open: single sign-on lands here
  // (/web/my?ticket=…) before the session exists.
  const userId = userInfo?.id;
  useEffect(() => {
    if (userId === undefined || userId === null) return;
    let current = true;
    setFailed(false);
    void unwrap(client.GET('/api/zhzx/wdhj/getInfo')).then((r) => {
      if (!current) return;
      if (r.ok) setRecord(r.data);
      else setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [userId]);

  async function logout() {
    if (!(await confirmDialog({ title: '退出登录', message: '确定要退出登录吗？', confirmText: '退出' }))) return;
    setLeaving(true);
    await signOut();
    await navigate(paths.login.href(), { replace: true });
  }

  const idLabel = campusIdLabel(userInfo?.rylb);
  const campusId = idLabel === '学号' ? userInfo?.xh : idLabel === '工作证号' ? userInfo?.gzzh : null;

  return (
    <div class="app-page">
      <section class="my-profile" aria-label="个人概况">
        <div class="my-profile__avatar" aria-hidden="true">
          {userInfo?.xm?.slice(-2) ?? '我'}
        </div>
        <div>
          <p class="my-profile__name">{userInfo?.xm ?? ''}</p>
          <p class="my-profile__meta">
            {userInfo?.rylbmc || personTypeLabel(userInfo?.rylb)}
            {idLabel && campusId ? ` · ${idLabel} ${campusId}` : ''}
          </p>
        </div>
      </section>

      <HouseholdCells record={record} failed={failed} />

      <Cells title="户口卡">
        <Cell label="户口卡状态" value={record?.hkkztmc ?? (record ? '—' : '')} />
        {record?.hkkyhrq && <Cell label="应还日期" value={formatDate(record.hkkyhrq)} />}
      </Cells>

      <Cells title="显示" tips="大字模式放大文字、加深颜色，方便阅读。">
        <CareModeSwitch />
      </Cells>

      <Cells title="更多">
        <Cell label="个人信息" href={paths.info.href()} />
        <Cell label="消息通知" href={paths.news.href()} />
        <Cell label="问答反馈" href={paths.feedback.href()} />
        <Cell label="通知公告" href={paths.announcement.href()} />
        <Cell label="联系我们" href={paths.contactInformation.href()} />
      </Cells>

      <div class="app-actions">
        <Button variant="warn" loading={leaving} onClick={() => void logout()}>
          退出登录
        </Button>
      </div>
    </div>
  );
}

function CareModeSwitch() {
  const [on, setOn] = useState(careModeOn);
  return (
    <label class="weui-cell my-switch">
      <span class="weui-cell__bd" id="care-mode-label">
        大字模式
      </span>
      <input
        type="checkbox"
        role="switch"
        class="my-switch__input"
        aria-labelledby="care-mode-label"
        checked={on}
        onChange={(e) => {
          setCareMode(e.currentTarget.checked);
          setOn(e.currentTarget.checked);
        }}
      />
    </label>
  );
}

function HouseholdCells({ record, failed }: { record: HouseholdRecord | null; failed: boolean }) {
  if (failed) return <p class="app-empty">户籍信息加载失败，请稍后重试</p>;
  if (!record)
    return (
      <p class="app-empty" aria-busy="true">
        正在加载户籍信息…
      </p>
    );
  if (record.hjzt === '0') {
    return (
      <Cells title="户籍信息">
        <Cell label="户籍状态" value={record.hjztmc ?? '无本校户籍记录'} />
      </Cells>
    );
  }
  const rows: [string, string | null | undefined][] = [
    ['户籍状态', record.hjztmc],
    ['姓名', record.xm],
    ['性别', record.xbmc],
    ['民族', record.mzmc],
    ['出生日期', formatDate(record.csrq)],
    ['身份证件号', maskIdNumber(record.sfzjh)],
    ['户号', record.hh],
    ['集体户', record.jthmc],
    ['集体户地址', record.jthdz],
    ['与户主关系', record.yhzgx],
    ['所属派出所', record.pcsmc],
    ['迁入日期', formatDate(record.qrrq)],
    ['迁入类别', record.qrlymc],
    ['迁自', record.ysdz],
    ['迁出日期', formatDate(record.qcrq)],
  ];
  return (
    <Cells title="户籍信息">
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Cell key={label} label={label} value={value} />
        ))}
    </Cells>
  );
}
