// Answers of the reference server for demo accounts, copied from a run of it (tests/server/moveout.test.ts and
// tests/server/sectors.test.ts assert the same rules there): the unit tests stub these and nothing the server never says.
import type { Schemas } from '@/api/client';

type Sector = Schemas['Sector'];
type Verdict = Schemas['MoveOutCheck'];

/** 迁出 tile of 吴雨晨 (13800138009): a 2026 graduate whose registration has left, certificate valid, address locked. */
export const movedOutGraduate: Sector = {
  sectorCode: '7',
  sectorName: '迁出',
  disabled: false,
  disabledReason: null,
  subSectors: [
    { sectorCode: '0', sectorName: '毕业生迁出', disabled: true, disabledReason: '您不在校，无法迁出' },
    { sectorCode: '1', sectorName: '博士后迁出', disabled: true, disabledReason: '该业务不适用于您的人员类别' },
    { sectorCode: '2', sectorName: '教职工(含家属)迁出', disabled: true, disabledReason: '该业务不适用于您的人员类别' },
    { sectorCode: '3', sectorName: '退学休学迁出', disabled: true, disabledReason: '您不在校，无法迁出' },
    { sectorCode: '4', sectorName: '迁移证延期', disabled: false, disabledReason: null },
    { sectorCode: '5', sectorName: '迁移证地址变更', disabled: true, disabledReason: '毕业生地址为锁定状态，无法修改户口迁出地址' },
    { sectorCode: '6', sectorName: '迁移证补办', disabled: false, disabledReason: null },
    { sectorCode: '7', sectorName: '注销户口并开具证明', disabled: true, disabledReason: '您的户口不在本校，无法注销' },
  ],
  moreSubSectors: [
    { sectorCode: 'reassignment', sectorName: '毕业生改派', disabled: false, disabledReason: null },
    { sectorCode: 'move-out', sectorName: '其他原因迁出', disabled: true, disabledReason: '您不在校，无法迁出' },
  ],
};

/** 迁出 tile of 张思远 (13800138001): an undergraduate registered at the school. */
export const studentAtSchool: Sector = {
  sectorCode: '7',
  sectorName: '迁出',
  disabled: false,
  disabledReason: null,
  subSectors: [
    { sectorCode: '0', sectorName: '毕业生迁出', disabled: false, disabledReason: null },
    { sectorCode: '1', sectorName: '博士后迁出', disabled: true, disabledReason: '该业务不适用于您的人员类别' },
    { sectorCode: '2', sectorName: '教职工(含家属)迁出', disabled: true, disabledReason: '该业务不适用于您的人员类别' },
    { sectorCode: '3', sectorName: '退学休学迁出', disabled: false, disabledReason: null },
    { sectorCode: '4', sectorName: '迁移证延期', disabled: true, disabledReason: '未查询到已办结的迁出记录' },
    { sectorCode: '5', sectorName: '迁移证地址变更', disabled: true, disabledReason: '未查询到已办结的迁出记录' },
    { sectorCode: '6', sectorName: '迁移证补办', disabled: true, disabledReason: '未查询到已办结的迁出记录' },
    { sectorCode: '7', sectorName: '注销户口并开具证明', disabled: false, disabledReason: null },
  ],
  moreSubSectors: [
    { sectorCode: 'reassignment', sectorName: '毕业生改派', disabled: true, disabledReason: '未查询到可改派的迁出记录' },
    { sectorCode: 'move-out', sectorName: '其他原因迁出', disabled: false, disabledReason: null },
  ],
};

/** 迁出 tile of someone not at school without a certificate (the record says 已迁出 only; moveout.test.ts 'away'). */
export const notAtSchool: Sector = {
  sectorCode: '7',
  sectorName: '迁出',
  disabled: true,
  disabledReason: '您不在校，无法迁出',
  subSectors: [
    { sectorCode: '0', sectorName: '毕业生迁出', disabled: true, disabledReason: '您不在校，无法迁出' },
    { sectorCode: '1', sectorName: '博士后迁出', disabled: true, disabledReason: '该业务不适用于您的人员类别' },
    { sectorCode: '2', sectorName: '教职工(含家属)迁出', disabled: true, disabledReason: '该业务不适用于您的人员类别' },
    { sectorCode: '3', sectorName: '退学休学迁出', disabled: true, disabledReason: '您不在校，无法迁出' },
    { sectorCode: '4', sectorName: '迁移证延期', disabled: true, disabledReason: '未查询到已办结的迁出记录' },
    { sectorCode: '5', sectorName: '迁移证地址变更', disabled: true, disabledReason: '未查询到已办结的迁出记录' },
    { sectorCode: '6', sectorName: '迁移证补办', disabled: true, disabledReason: '未查询到已办结的迁出记录' },
    { sectorCode: '7', sectorName: '注销户口并开具证明', disabled: true, disabledReason: '您的户口不在本校，无法注销' },
  ],
  moreSubSectors: [
    { sectorCode: 'reassignment', sectorName: '毕业生改派', disabled: true, disabledReason: '未查询到可改派的迁出记录' },
    { sectorCode: 'move-out', sectorName: '其他原因迁出', disabled: true, disabledReason: '您不在校，无法迁出' },
  ],
};

const graduateCertificate = {
  canChangeDizhi: false,
  dizhi: '江苏省南京市玄武区中山路100号南京示范科技有限公司集体户',
  qyzbh: '京2026000001',
  qyzyxqz: '2026-12-14',
};
const atSchool = { canChangeDizhi: true, dizhi: null, qyzbh: null, qyzyxqz: null };

/** /api/qianchu/check answers. */
export const verdicts = {
  /** 吴雨晨: the ways out are closed, the certificate services open; 地址变更 passes with the lock (spec §2). */
  graduateGraduate: { ...graduateCertificate, canQianYi: false, msg: '您不在校，无法迁出' },
  graduatePostpone: { ...graduateCertificate, canQianYi: true, msg: '' },
  graduateChange: { ...graduateCertificate, canQianYi: true, msg: '毕业生地址为锁定状态，无法修改户口迁出地址' },
  /** 张思远: may leave; has no certificate; with an application in progress every sub-route says so. */
  studentGraduate: { ...atSchool, canQianYi: true, msg: '' },
  studentPostpone: { ...atSchool, canQianYi: false, msg: '未查询到已办结的迁出记录' },
  studentBusy: { ...atSchool, canQianYi: false, msg: '您已有正在办理的迁出业务' },
} satisfies Record<string, Verdict>;
