import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import type { Schemas } from '@/api/client';
import MoveOutPage, { moveOutEntries, NOT_AT_SCHOOL } from '@/features/move-out/move-out-page';
import MoveOutFormPage from '@/features/move-out/move-out-form-page';
import { verdictOf } from '@/features/move-out/move-out-flow';
import { NO_REASSIGNMENT } from '@/features/move-out/move-out-services';
import { deliverRegion } from '@/components/service-form/region';
import { $sectors } from '@/stores/sectors';
import { $dialogs, $toast } from '@/state/ui';
import { json, requestsTo, sampleUser, stubFetch, type Reply } from '../helpers';
import { appUrl, field, fill, press, renderForm, renderScreen } from './service-helpers';
import { draft, file, files, returned, SUMMARY, submitted, summary as base, toReview, user } from './migration-helpers';
import { movedOutGraduate, notAtSchool, studentAtSchool, verdicts } from './move-out-fixtures';

type Sector = Schemas['Sector'];

/** The guard's answer the router hands a move-out form (query dizhi): allowed, as the server says it to someone at school. */
const PASSED = `dizhi=${encodeURIComponent(JSON.stringify(verdicts.studentGraduate))}`;
const staff = user({ xm: '刘建国', rylb: '4', xh: null, gzzh: '2012100045' });
const summary = (kind: string, id = 61) => base(kind, id);

/** The sectors of the signed-in user, with the 迁出 tile as the server answers it. */
function moveOutSector(tile: Sector = studentAtSchool) {
  $sectors.set({
    openSectors: [{ sectorCode: '0', sectorName: '问答反馈', disabled: false, disabledReason: null }, tile],
    tips: null,
    yxStartTime: null,
    yxEndTime: null,
    yxTime: null,
    loaded: true,
  });
}

const lastFinished = {
  ...summary('qianchu', 30),
  status: 7,
  statusName: '已办结',
  sub: 'graduate',
  title: '毕业生迁出',
  createdAt: '2026-06-01T09:00:00+08:00',
  updatedAt: '2026-06-10T09:00:00+08:00',
  actions: [],
  answers: {
    sub: 'graduate',
    qwdq: { code: '320102', name: '江苏省/南京市/玄武区' },
    qwxxdz: '玄武区中山路1号',
    qwpcs: '玄武门派出所',
    qcyy: '毕业就业',
    jsdw: '南京某公司',
    lqfs: '0',
    lxdh: '13800138001',
  },
  attachments: [],
  events: [],
};

describe('户口迁出 index (/move-out)', () => {
  const links = () => screen.queryAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
  const greyed = () => [...document.querySelectorAll('[aria-disabled="true"]')].map((e) => e.textContent);

  it("lists 0–7 in index order, then 改派 and 其他原因迁出, each with the server's state", () => {
    const entries = moveOutEntries(studentAtSchool);
    expect(entries.map((e) => e.key)).toEqual([
      'moveOutGraduate',
      'moveOutPostDoctoral',
      'moveOutStaff',
      'moveOutLeaveSchool',
      'moveOutPostpone',
      'moveOutChange',
      'moveOutMcCard',
      'moveOutCIssued',
      'moveOutReassignment',
      'moveOutMoveOut',
    ]);
    expect(entries.filter((e) => !e.reason).map((e) => e.label)).toEqual([
      '毕业生迁出',
      '退学休学迁出',
      '注销户口并开具证明',
      '其他原因迁出',
    ]);
    expect(moveOutEntries(undefined)).toEqual([]);
  });

  it('at school: the ways out as links, the 迁移证 services greyed with why, and a tap on a grey one says it', () => {
    moveOutSector(studentAtSchool);
    stubFetch({});
    renderScreen('/move-out', <MoveOutPage />);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['户口迁出（户口在校人员）', '迁移证业务（户口已迁出人员）']);
    expect(links()).toEqual([
      ['毕业生迁出', '/web/move-out/graduate'],
      ['退学休学迁出', '/web/move-out/leave-school'],
      ['注销户口并开具证明', '/web/move-out/c-issued'],
      ['其他原因迁出', '/web/move-out/move-out'],
    ]);
    expect(greyed()).toContain('迁移证延期未查询到已办结的迁出记录');
    fireEvent.click(screen.getByRole('button', { name: /博士后迁出/ }));
    expect($toast.get()?.message).toBe('该业务不适用于您的人员类别');
  });

  it('moved out (吴雨晨): the 迁移证 services first and open, the ways out greyed with 您不在校，无法迁出', () => {
    moveOutSector(movedOutGraduate);
    stubFetch({});
    renderScreen('/move-out', <MoveOutPage />, { ...sampleUser, hkIn: false });
    expect(screen.queryByText('您不在校，无法迁出', { selector: 'h2' })).toBeNull();
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['迁移证业务（户口已迁出人员）', '户口迁出（户口在校人员）']);
    expect(links()).toEqual([
      ['迁移证延期', '/web/move-out/postpone'],
      ['迁移证补办', '/web/move-out/mc-card'],
      ['毕业生改派', '/web/move-out/reassignment'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: /迁移证地址变更/ }));
    expect($toast.get()?.message).toBe('毕业生地址为锁定状态，无法修改户口迁出地址');
    fireEvent.click(screen.getByRole('button', { name: /^毕业生迁出/ }));
    expect($toast.get()?.message).toBe('您不在校，无法迁出');
  });

  it('not at school and nothing left to do: says why, with a way back', async () => {
    moveOutSector(notAtSchool);
    stubFetch({});
    renderScreen('/move-out', <MoveOutPage />, { ...sampleUser, hkIn: false });
    expect(screen.getByRole('heading', { name: NOT_AT_SCHOOL })).not.toBeNull();
    expect(screen.queryAllByRole('link').map((a) => a.textContent)).toEqual(['回到首页']);
    expect(screen.getByRole('button', { name: '返回' })).not.toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '回到首页' }));
    await waitFor(() => expect(appUrl()).toBe('/home'));
  });

  it("a certificate expired long ago: the server's words and the way back", () => {
    moveOutSector({ ...notAtSchool, disabledReason: '迁移证已过期，请到户籍办公室办理' });
    stubFetch({});
    renderScreen('/move-out', <MoveOutPage />, { ...sampleUser, hkIn: false });
    expect(screen.getByRole('heading', { name: '迁移证已过期，请到户籍办公室办理' })).not.toBeNull();
    expect(screen.getByRole('link', { name: '回到首页' })).not.toBeNull();
  });

  it('返回 goes back where the person came from', async () => {
    moveOutSector(notAtSchool);
    stubFetch({});
    history.replaceState(null, '', '/web/home');
    history.pushState(null, '', '/web/move-out');
    renderScreen('/move-out', <MoveOutPage />, { ...sampleUser, hkIn: false });
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    await waitFor(() => expect(appUrl()).toBe('/home'));
  });

  it('links pass the guard: a refusal shows 注意 with the server message and stays', async () => {
    moveOutSector(studentAtSchool);
    const fetch = stubFetch({ 'GET /api/qianchu/check': { code: 200, data: verdicts.studentBusy } });
    renderScreen('/move-out', <MoveOutPage />);
    fireEvent.click(screen.getByRole('link', { name: '毕业生迁出' }));
    await waitFor(() => expect($dialogs.get()[0]).toMatchObject({ title: '注意', message: '您已有正在办理的迁出业务' }));
    expect(new URL(requestsTo(fetch, '/api/qianchu/check')[0].url).searchParams.get('sub')).toBe('graduate');
    expect(appUrl()).toBe('/move-out');
  });

  it("an allowed sub-route opens with the check's answer as dizhi (吴雨晨 opens 迁移证延期)", async () => {
    moveOutSector(movedOutGraduate);
    stubFetch({ 'GET /api/qianchu/check': { code: 200, data: verdicts.graduatePostpone } });
    renderScreen('/move-out', <MoveOutPage />, { ...sampleUser, hkIn: false });
    fireEvent.click(screen.getByRole('link', { name: '迁移证延期' }));
    await waitFor(() => expect(appUrl()).toMatch(/^\/move-out\/postpone\?dizhi=/));
    expect(verdictOf(location.search)).toEqual(verdicts.graduatePostpone);
  });
});

describe('refusal screens of the move-out forms', () => {
  it('改派 without a finished graduate move-out says why and leads back', async () => {
    stubFetch({ 'GET /api/qianchu/getLastFinishedQcByUserSfzjh': { code: 200, data: null } });
    renderScreen(`/move-out/reassignment?${PASSED}`, <MoveOutFormPage />);
    expect(await screen.findByRole('heading', { name: NO_REASSIGNMENT })).not.toBeNull();
    expect(screen.getByRole('link', { name: '回到首页' }).getAttribute('href')).toBe('/web/home');
    expect(screen.getByRole('button', { name: '返回' })).not.toBeNull();
  });
});

describe('迁出 forms (/move-out/graduate … /move-out/reassignment)', () => {
  const routes = (extra: Record<string, Reply> = {}) =>
    stubFetch({
      'GET /api/qianchu/getLastFinishedQcByUserSfzjh': { code: 200, data: null },
      'POST /api/qianchu/getPcsList': { code: 200, data: [] },
      'POST /api/qianchu/add': { code: 200, data: summary('qianchu') },
      ...extra,
    });

  it('graduate: says what is missing with exact messages', async () => {
    routes();
    await renderForm(`/move-out/graduate?step=form&${PASSED}`, <MoveOutFormPage />);
    await screen.findByLabelText(/^迁往地区/);
    fill('联系电话', '');
    press('下一步');
    const alert = await screen.findByRole('alert', { name: SUMMARY }, { timeout: 3000 });
    for (const text of ['请选择迁往地区', '请填写迁往地址', '请填写迁出原因', '请上传证明材料', '请填写联系电话']) {
      expect(alert.textContent).toContain(text);
    }
    expect(screen.queryByLabelText(/^同时迁出的家属/)).toBeNull();
  });

  it('graduate: prefilled from the last finished move-out, submitted with the shared pickup part', async () => {
    const fetch = routes({
      'GET /api/qianchu/getLastFinishedQcByUserSfzjh': { code: 200, data: lastFinished },
      'POST /api/qianchu/getPcsList': async (request: Request) =>
        json({ code: 200, data: (await request.json()).ssq === '320102' ? [{ id: 'p1', policeStationName: '玄武门派出所' }] : [] }),
    });
    draft('qianchu-graduate', { attachments: files('g1') });
    await renderForm(`/move-out/graduate?step=form&${PASSED}`, <MoveOutFormPage />);
    await waitFor(() => expect(field('迁往地址').value).toBe('玄武区中山路1号'));
    expect(field('迁往地区').textContent).toBe('江苏省/南京市/玄武区');
    await waitFor(() => expect(field<HTMLSelectElement>('迁往地派出所').value).toBe('玄武门派出所'));
    expect(field('就业单位').value).toBe('南京某公司');
    fill('迁出原因', '毕业就业');
    fill('联系电话', '13800138001');
    await toReview();
    await submitted();
    expect(await requestsTo(fetch, '/api/qianchu/add')[0].json()).toEqual({
      sub: 'graduate',
      qwdq: { code: '320102', name: '江苏省/南京市/玄武区' },
      qwxxdz: '玄武区中山路1号',
      qwpcs: '玄武门派出所',
      qcyy: '毕业就业',
      jsdw: '南京某公司',
      lqfs: '0',
      lxdh: '13800138001',
      attachments: [{ fileId: 'g1', clmc: '毕业证书或学校毕业离校证明' }],
    });
  });

  it('a police station not listed is typed', async () => {
    routes({ 'POST /api/qianchu/getPcsList': { code: 200, data: [{ id: 'p1', policeStationName: '示范园派出所' }] } });
    deliverRegion({ form: 'qianchu-leave-school', field: 'qwdq', codes: ['110000', '110108'], names: ['北京市', '海淀区'] });
    await renderForm(`/move-out/leave-school?step=form&${PASSED}`, <MoveOutFormPage />);
    await screen.findByRole('option', { name: '示范园派出所' });
    fill('迁往地派出所', '__other__');
    await waitFor(() => expect(field('迁往地派出所').tagName).toBe('INPUT'));
    fill('迁往地派出所', '某某派出所');
    expect(field('迁往地派出所').value).toBe('某某派出所');
    expect(screen.queryByLabelText(/^就业单位/)).toBeNull();
  });

  it('staff: the family list from getJsById ({id} from storage), members selectable; mailing asks the delivery form', async () => {
    const fetch = routes({
      'POST /api/qianchu/getJsById': {
        code: 200,
        data: [
          { id: 11, xm: '赵敏', yhzgxmc: '配偶', sfzjh: '1301**********0423', hkIn: true },
          { id: 12, xm: '刘小明', yhzgxmc: '子', sfzjh: '1101**********0012', hkIn: true },
          { id: 13, xm: '刘老', yhzgxmc: '父亲', sfzjh: '1101**********0033', hkIn: false },
        ],
      },
    });
    draft('qianchu-staff', {
      attachments: files('s1'),
      'qwdq.qu': '110105',
      'qwdq.ssqmc': '北京市/市辖区/朝阳区',
      qwxxdz: '朝阳区某小区1号楼',
      qcyy: '购房落户',
      lxdh: '13800138005',
    });
    await renderForm(`/move-out/staff?step=form&${PASSED}`, <MoveOutFormPage />, staff);
    const spouse = (await screen.findByRole('checkbox', { name: /赵敏/ })) as HTMLInputElement;
    expect(JSON.parse(await requestsTo(fetch, '/api/qianchu/getJsById')[0].text())).toEqual({ id: 7 });
    expect((screen.getByRole('checkbox', { name: /刘老/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(spouse);
    fireEvent.click(screen.getByRole('checkbox', { name: /刘小明/ }));
    fill('领取方式', '1');
    await screen.findByLabelText(/^派送日期/);
    fill('派送日期', '2026-12-01');
    fill('派送时间', '0');
    fill('宿舍楼号', '教工宿舍3号楼');
    fill('派送电话', '13800138005');
    fill('收件人电话', '13800138005');
    fill('详细地址', '朝阳区某小区1号楼');
    press('下一步');
    await waitFor(() => expect(screen.getByRole('alert', { name: SUMMARY }).textContent).toContain('请选择'));
    expect(field('所在地区').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(field('所在地区'));
    expect(JSON.parse(sessionStorage.getItem('address:request') ?? '{}')).toEqual({ form: 'qianchu-staff', field: 'yjxx' });
    await waitFor(() => expect(appUrl()).toBe('/address'));
  });

  it('staff: sends the chosen family members and the delivery', async () => {
    const fetch = routes({
      'POST /api/qianchu/getJsById': {
        code: 200,
        data: [{ id: 11, xm: '赵敏', yhzgxmc: '配偶', sfzjh: '1301**********0423', hkIn: true }],
      },
    });
    draft('qianchu-staff', {
      attachments: files('s1'),
      'qwdq.qu': '110105',
      'qwdq.ssqmc': '北京市/市辖区/朝阳区',
      qwxxdz: '朝阳区某小区1号楼',
      qcyy: '购房落户',
      lxdh: '13800138005',
      sqcjs: '11',
      lqfs: '1',
      'yjxx.pssj': '2026-12-01',
      'yjxx.sjd': '1',
      'yjxx.ssl': '教工宿舍3号楼',
      'yjxx.lxdh': '13800138005',
      'yjxx.sjrxm': '刘建国',
      'yjxx.sjrdh': '13800138005',
      'yjxx.qu': '110105',
      'yjxx.ssqmc': '北京市/朝阳区',
      'yjxx.xxdz': '某小区1号楼',
    });
    await renderForm(`/move-out/staff?step=form&${PASSED}`, <MoveOutFormPage />, staff);
    expect(((await screen.findByRole('checkbox', { name: /赵敏/ })) as HTMLInputElement).checked).toBe(true);
    await toReview();
    expect(screen.getByText('赵敏')).not.toBeNull();
    await submitted();
    const body = await requestsTo(fetch, '/api/qianchu/add')[0].json();
    expect(body).toMatchObject({
      sub: 'staff',
      sqcjs: [11],
      lqfs: '1',
      attachments: [{ fileId: 's1', clmc: '调动、离职证明或房屋产权证明' }],
    });
    expect(body.yjxx).toEqual({
      pssj: '2026-12-01',
      sjd: '1',
      dzlx: '0',
      ssl: '教工宿舍3号楼',
      lxdh: '13800138005',
      sjrxm: '刘建国',
      sjrdh: '13800138005',
      ssq: { code: '110105', name: '北京市/朝阳区' },
      xxdz: '某小区1号楼',
    });
  });

  it('staff: a family member left behind is said on the list and the review; what the server says contradicts it, on the confirmation', async () => {
    const conflicts = [
      '您的家属刘子轩的户口仍在学校集体户，未随本次迁出；教职工迁出后家属不能单独留在集体户，请一并申请迁出，或由户籍办确定其去向。',
    ];
    routes({
      'POST /api/qianchu/getJsById': {
        code: 200,
        data: [
          { id: 11, xm: '赵敏', yhzgxmc: '配偶', sfzjh: '1301**********0423', hkIn: true },
          { id: 12, xm: '刘子轩', yhzgxmc: '子', sfzjh: '1101**********0016', hkIn: true },
          { id: 13, xm: '刘德华', yhzgxmc: '父亲', sfzjh: '1101**********0035', hkIn: false },
        ],
      },
      'POST /api/qianchu/add': { code: 200, data: { ...summary('qianchu'), conflicts } },
    });
    draft('qianchu-staff', {
      attachments: files('s1'),
      'qwdq.qu': '110105',
      'qwdq.ssqmc': '北京市/市辖区/朝阳区',
      qwxxdz: '朝阳区某小区1号楼',
      qcyy: '购房落户',
      lxdh: '13800138005',
      sqcjs: '11',
    });
    await renderForm(`/move-out/staff?step=form&${PASSED}`, <MoveOutFormPage />, staff);
    await screen.findByRole('checkbox', { name: /刘子轩/ });
    // The one whose household is no longer at the school is not left behind.
    const note = screen.getByRole('note');
    expect(note.textContent).toBe(
      '请注意：刘子轩的户口仍在学校集体户。教职工迁出后家属不能单独留在集体户，请一并迁出；如有特殊情况，户籍办将与您联系确定。',
    );
    await toReview();
    expect(screen.getByText('留在集体户的家属')).not.toBeNull();
    await submitted();
    expect(screen.getByRole('note').textContent).toBe(`请注意：${conflicts[0]}`);
  });

  it('staff: choosing every family member at the school says they move out along', async () => {
    routes({
      'POST /api/qianchu/getJsById': {
        code: 200,
        data: [{ id: 11, xm: '赵敏', yhzgxmc: '配偶', sfzjh: '1301**********0423', hkIn: true }],
      },
    });
    draft('qianchu-staff', { sqcjs: '' });
    await renderForm(`/move-out/staff?step=form&${PASSED}`, <MoveOutFormPage />, staff);
    fireEvent.click(await screen.findByRole('checkbox', { name: /赵敏/ }));
    await waitFor(() => expect(screen.getByText('户口在校的同户家属将与您一同迁出。')).not.toBeNull());
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('reassignment: needs a finished move-out', async () => {
    routes();
    renderScreen(`/move-out/reassignment?${PASSED}`, <MoveOutFormPage />);
    expect(await screen.findByText(NO_REASSIGNMENT)).not.toBeNull();
  });

  it('reassignment: shows the old destination, requires the new employer and sends yqcid', async () => {
    const fetch = routes({ 'GET /api/qianchu/getLastFinishedQcByUserSfzjh': { code: 200, data: lastFinished } });
    draft('qianchu-reassignment', { attachments: files('r1') });
    await renderForm(`/move-out/reassignment?step=form&${PASSED}`, <MoveOutFormPage />);
    expect(await screen.findByText('江苏省/南京市/玄武区 玄武区中山路1号')).not.toBeNull();
    fill('改派后的接收单位', '');
    fill('迁出原因', '改派');
    press('下一步');
    expect((await screen.findByRole('alert', { name: SUMMARY }, { timeout: 3000 })).textContent).toContain('请填写改派后的接收单位');
    fill('改派后的接收单位', '上海某公司');
    fill('联系电话', '13800138001');
    await toReview();
    await submitted();
    expect(await requestsTo(fetch, '/api/qianchu/add')[0].json()).toMatchObject({ sub: 'reassignment', yqcid: 30, jsdw: '上海某公司' });
  });

  it('edit=1 skips the prefill and loads the application, then sends edit', async () => {
    const fetch = routes({
      'GET /api/wdsq/sqxq/getInfo': {
        code: 200,
        data: {
          ...lastFinished,
          id: 66,
          status: 3,
          statusName: '退回修改',
          sub: 'post-doctoral',
          answers: { ...lastFinished.answers, sub: 'post-doctoral', qcyy: '出站', jsdw: '某研究所' },
          attachments: [{ ...file('d1'), clmc: '博士后出站审批表' }],
        },
      },
      'POST /api/qianchu/edit': { code: 200, data: summary('qianchu', 66) },
    });
    await renderForm('/move-out/post-doctoral?edit=1&id=66', <MoveOutFormPage />);
    await waitFor(() => expect(field('迁出原因').value).toBe('出站'));
    expect(requestsTo(fetch, '/api/qianchu/getLastFinishedQcByUserSfzjh')).toHaveLength(0);
    expect(field('接收单位').value).toBe('某研究所');
    await toReview();
    await submitted();
    expect(await requestsTo(fetch, '/api/qianchu/edit')[0].json()).toMatchObject({
      id: 66,
      sub: 'post-doctoral',
      qcyy: '出站',
      attachments: [{ fileId: 'd1', clmc: '博士后出站审批表' }],
    });
  });
});

describe('迁移证 services', () => {
  it('/move-out/postpone: exact messages; the 迁移证 photo is required', async () => {
    const fetch = stubFetch({ 'POST /api/daily/qyzyq/add': { code: 200, data: summary('qyzyq') } });
    await renderForm(`/move-out/postpone?step=form&${PASSED}`, <MoveOutFormPage />);
    await screen.findByLabelText(/^联系电话/);
    fill('联系电话', '');
    press('下一步');
    const alert = await screen.findByRole('alert', { name: SUMMARY }, { timeout: 3000 });
    for (const text of ['请填写迁移证编号', '请选择迁移证原有效期', '请填写延期原因', '请上传迁移证照片', '请填写联系电话']) {
      expect(alert.textContent).toContain(text);
    }
    fill('迁移证编号', 'QY001');
    fill('原有效期至', '2026-11-20');
    fill('延期原因', '落户手续未办完');
    fill('联系电话', '13800138001');
    press('下一步');
    await waitFor(() => expect(screen.getByRole('alert', { name: SUMMARY }).textContent).not.toContain('请填写迁移证编号'));
    expect(screen.getByRole('alert', { name: SUMMARY }).textContent).toContain('请上传迁移证照片');
    expect(requestsTo(fetch, '/api/daily/qyzyq/add')).toHaveLength(0);
  });

  it('/move-out/postpone starts from the current 迁移证 the guard handed over', async () => {
    stubFetch({});
    const dizhi = encodeURIComponent(
      JSON.stringify({
        canQianYi: true,
        canChangeDizhi: true,
        msg: '',
        dizhi: '江苏省南京市玄武区中山路1号',
        qyzbh: 'QY3201',
        qyzyxqz: '2026-12-20',
      }),
    );
    await renderForm(`/move-out/postpone?dizhi=${dizhi}&step=form`, <MoveOutFormPage />);
    await waitFor(() => expect(field('迁移证编号').value).toBe('QY3201'));
    expect(field('原有效期至').value).toBe('2026-12-20');
  });

  it("opened directly, waits for the router's guard (its answer brings the current 迁移证)", async () => {
    const fetch = stubFetch({});
    const { container } = renderScreen('/move-out/postpone?step=form', <MoveOutFormPage />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(container.textContent).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('/move-out/postpone sends qyzyq', async () => {
    const fetch = stubFetch({ 'POST /api/daily/qyzyq/add': { code: 200, data: summary('qyzyq') } });
    draft('qyzyq', { qyzbh: 'QY001', yyxqz: '2026-11-20', yqyy: '落户手续未办完', lxdh: '13800138001', attachments: files('y1') });
    await renderForm(`/move-out/postpone?step=form&${PASSED}`, <MoveOutFormPage />);
    await toReview();
    await submitted();
    expect(await requestsTo(fetch, '/api/daily/qyzyq/add')[0].json()).toEqual({
      qyzbh: 'QY001',
      yyxqz: '2026-11-20',
      yqyy: '落户手续未办完',
      lqfs: '0',
      lxdh: '13800138001',
      attachments: [{ fileId: 'y1', clmc: '迁移证' }],
    });
  });

  it('/move-out/change starts from the current address (query dizhi) and sends qyzbg', async () => {
    const fetch = stubFetch({ 'POST /api/daily/qyzbg/add': { code: 200, data: summary('qyzbg') } });
    // A graduate who went back to the origin (no employer): the address is open (moveout.test.ts).
    const verdict = {
      canQianYi: true,
      canChangeDizhi: true,
      msg: '',
      dizhi: '江苏省南京市玄武区中山路1号',
      qyzbh: '京2026000002',
      qyzyxqz: '2026-12-20',
    };
    const dizhi = encodeURIComponent(JSON.stringify(verdict));
    draft('qyzbg', { attachments: files('c1') });
    deliverRegion({ form: 'qyzbg', field: 'xqwdq', codes: ['310000', '310104'], names: ['上海市', '徐汇区'] });
    await renderForm(`/move-out/change?dizhi=${dizhi}&step=form`, <MoveOutFormPage />);
    expect(await screen.findByText('江苏省南京市玄武区中山路1号')).not.toBeNull();
    press('下一步');
    const alert = await screen.findByRole('alert', { name: SUMMARY }, { timeout: 3000 });
    for (const text of ['请填写新迁往详细地址', '请填写变更原因']) expect(alert.textContent).toContain(text);
    expect(alert.textContent).not.toContain('请选择新迁往地区');
    expect(alert.textContent).not.toContain('请填写迁移证编号');
    expect(field('迁移证编号').value).toBe('京2026000002');
    fill('新详细地址', '徐汇区某路2号');
    fill('变更原因', '就业单位变更');
    fill('联系电话', '13800138001');
    await toReview();
    await submitted();
    expect(await requestsTo(fetch, '/api/daily/qyzbg/add')[0].json()).toEqual({
      qyzbh: '京2026000002',
      ydz: '江苏省南京市玄武区中山路1号',
      xqwdq: { code: '310104', name: '上海市/徐汇区' },
      xqwxxdz: '徐汇区某路2号',
      bgyy: '就业单位变更',
      lqfs: '0',
      lxdh: '13800138001',
      attachments: [{ fileId: 'c1', clmc: '接收证明' }],
    });
  });

  it('/move-out/change with edit=1 keeps the saved current address and sends update', async () => {
    const fetch = stubFetch({
      'GET /api/wdsq/sqxq/getInfo': returned(
        'qyzbg',
        70,
        null,
        {
          qyzbh: 'QY002',
          ydz: '江苏省南京市玄武区中山路1号',
          xqwdq: { code: '310104', name: '上海市/徐汇区' },
          xqwxxdz: '徐汇区某路2号',
          bgyy: '就业单位变更',
          lqfs: '0',
          lxdh: '13800138001',
        },
        [{ ...file('c1'), clmc: '接收证明' }],
      ),
      'POST /api/daily/qyzbg/update': { code: 200, data: summary('qyzbg', 70) },
    });
    await renderForm('/move-out/change?edit=1&id=70', <MoveOutFormPage />);
    await waitFor(() => expect(screen.getByText('江苏省南京市玄武区中山路1号')).not.toBeNull());
    expect(field('新迁往地区').textContent).toBe('上海市/徐汇区');
    await toReview();
    await submitted();
    expect(await requestsTo(fetch, '/api/daily/qyzbg/update')[0].json()).toMatchObject({
      id: 70,
      ydz: '江苏省南京市玄武区中山路1号',
      qyzbh: 'QY002',
    });
  });

  it('/move-out/mc-card: exact messages; the old number is optional', async () => {
    stubFetch({ 'POST /api/daily/qykbb/add': { code: 200, data: summary('qykbb') } });
    await renderForm(`/move-out/mc-card?step=form&${PASSED}`, <MoveOutFormPage />);
    await screen.findByLabelText(/^补办原因/);
    press('下一步');
    const alert = await screen.findByRole('alert', { name: SUMMARY }, { timeout: 3000 });
    expect(alert.textContent).toContain('请填写补办原因');
    expect(alert.textContent).toContain('请上传遗失声明或损毁的原证照片');
    expect(alert.textContent).not.toContain('迁移证编号');
  });

  it('/move-out/mc-card submits', async () => {
    const fetch = stubFetch({ 'POST /api/daily/qykbb/add': { code: 200, data: summary('qykbb') } });
    draft('qykbb', { bbyy: '迁移证遗失', lxdh: '13800138001', attachments: files('m1') });
    await renderForm(`/move-out/mc-card?step=form&${PASSED}`, <MoveOutFormPage />);
    await toReview();
    await submitted();
    expect(await requestsTo(fetch, '/api/daily/qykbb/add')[0].json()).toEqual({
      bbyy: '迁移证遗失',
      lqfs: '0',
      lxdh: '13800138001',
      attachments: [{ fileId: 'm1', clmc: '遗失声明' }],
    });
  });

  it('/move-out/c-issued: reasons from bllxlist; settling abroad asks the country', async () => {
    const fetch = stubFetch({
      'POST /api/daily/zxhkzmkj/bllxlist': {
        code: 200,
        data: [
          { dictLabel: '出国（境）定居', dictValue: '1' },
          { dictLabel: '应征入伍（服现役）', dictValue: '4' },
          { dictLabel: '停用原因', dictValue: '8', switch: '0' },
        ],
      },
      'POST /api/daily/zxhkzmkj/add': { code: 200, data: summary('zxhkzmkj') },
    });
    await renderForm(`/move-out/c-issued?step=form&${PASSED}`, <MoveOutFormPage />);
    expect(((await screen.findByRole('option', { name: '停用原因' })) as HTMLOptionElement).disabled).toBe(true);
    press('下一步');
    const alert = await screen.findByRole('alert', { name: SUMMARY }, { timeout: 3000 });
    expect(alert.textContent).toContain('请选择注销原因');
    expect(alert.textContent).toContain('请填写注销原因说明');
    fill('注销原因', '1');
    fill('原因说明', '移居加拿大');
    fill('联系电话', '13800138001');
    press('下一步');
    await waitFor(() => expect(screen.getByRole('alert', { name: SUMMARY }).textContent).toContain('请填写前往国家或地区'));
    fill('前往国家或地区', '加拿大');
    await toReview();
    await submitted();
    expect(await requestsTo(fetch, '/api/daily/zxhkzmkj/add')[0].json()).toEqual({
      bllx: '1',
      zxyy: '移居加拿大',
      qwgj: '加拿大',
      lqfs: '0',
      lxdh: '13800138001',
      attachments: [],
    });
  });
});
