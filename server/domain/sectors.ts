/**
 * Home tiles (sectors), move-out sub-sectors and which person type sees which (pure data, no imports).
 * GET /api/userOpenSector?loginType=<rylb> answers
 * { openSectors: OpenSector[], tips, yxStartTime, yxEndTime } built from these values.
 */

export interface SectorDef {
  readonly sectorCode: number;
  /** English key, stable */
  readonly key: string;
  /** tile title */
  readonly name: string;
  /** web route under /web */
  readonly route: string;
  /** the person must have the household at school (hkIn) to use it */
  readonly requiresHkIn: boolean;
}

export interface MoveOutSubSectorDef {
  readonly sectorCode: number;
  readonly key: string;
  readonly name: string;
  readonly route: string;
}

export interface SubSector {
  readonly sectorCode: number;
  readonly disabled: boolean;
}

export interface OpenSector {
  readonly sectorCode: number;
  readonly subSectors?: readonly SubSector[];
}

/** Home tile codes. */
export const SectorCode = {
  feedback: 0,
  idCard: 1,
  borrowCard: 2,
  issueCertificate: 3,
  postDoctoralMoveIn: 4,
  newStudentMoveIn: 5,
  staffMoveIn: 6,
  moveOut: 7,
  changeInformation: 8,
  announcements: 10,
} as const;

export const sectors: readonly SectorDef[] = [
  { sectorCode: 0, key: 'feedback', name: '问答反馈', route: '/feedback', requiresHkIn: false },
  { sectorCode: 1, key: 'idCard', name: '身份证办理', route: '/certif', requiresHkIn: false },
  { sectorCode: 2, key: 'borrowCard', name: '借用户口卡', route: '/borrow', requiresHkIn: true },
  { sectorCode: 3, key: 'issueCertificate', name: '开具证明', route: '/prove', requiresHkIn: false },
  { sectorCode: 4, key: 'postDoctoralMoveIn', name: '博士后迁入', route: '/move-in-dr', requiresHkIn: false },
  { sectorCode: 5, key: 'newStudentMoveIn', name: '新生迁入', route: '/move-in-new', requiresHkIn: false },
  { sectorCode: 6, key: 'staffMoveIn', name: '教职工迁入', route: '/move-in-staff', requiresHkIn: false },
  { sectorCode: 7, key: 'moveOut', name: '迁出', route: '/move-out', requiresHkIn: true },
  { sectorCode: 8, key: 'changeInformation', name: '信息变更', route: '/change', requiresHkIn: false },
  { sectorCode: 9, key: 'otherBusiness', name: '其他业务', route: '/other', requiresHkIn: false },
  { sectorCode: 10, key: 'announcements', name: '通知公告', route: '/announcement', requiresHkIn: false },
];

/** Move-out sub-sectors by index. */
export const moveOutSubSectors: readonly MoveOutSubSectorDef[] = [
  { sectorCode: 0, key: 'graduate', name: '毕业生迁出', route: '/move-out/graduate' },
  { sectorCode: 1, key: 'postDoctoral', name: '博士后迁出', route: '/move-out/post-doctoral' },
  { sectorCode: 2, key: 'staff', name: '教职工(含家属)迁出', route: '/move-out/staff' },
  { sectorCode: 3, key: 'leaveSchool', name: '退学休学迁出', route: '/move-out/leave-school' },
  { sectorCode: 4, key: 'postpone', name: '迁移证延期', route: '/move-out/postpone' },
  { sectorCode: 5, key: 'changeAddress', name: '迁移证地址变更', route: '/move-out/change' },
  { sectorCode: 6, key: 'reissue', name: '迁移证补办', route: '/move-out/mc-card' },
  { sectorCode: 7, key: 'cancelRegistration', name: '注销户口并开具证明', route: '/move-out/c-issued' },
];

/** Builds the 8 move-out sub-sectors, the listed indexes disabled. */
function moveOutFor(disabled: readonly number[]): OpenSector {
  return {
    sectorCode: SectorCode.moveOut,
    subSectors: [0, 1, 2, 3, 4, 5, 6, 7].map((sectorCode) => ({
      sectorCode,
      disabled: disabled.includes(sectorCode),
    })),
  };
}

const s = (sectorCode: number): OpenSector => ({ sectorCode });

/** Students (0 本科生, 1 硕士, 2 博士): no 博士后迁出 (1) nor 教职工迁出 (2). */
const studentSectors: readonly OpenSector[] = [s(0), s(1), s(2), s(3), moveOutFor([1, 2]), s(8), s(9), s(10)];

/**
 * Which tiles each login type (= rylb) sees, in display order.
 * Keys are the rylb / loginType strings '0'–'5' and '7'.
 */
export const openSectorsByLoginType: Readonly<Record<'0' | '1' | '2' | '3' | '4' | '5' | '7', readonly OpenSector[]>> = {
  '0': studentSectors,
  '1': studentSectors,
  '2': studentSectors,
  // 博士后: own move-in and move-out; not graduate / staff / leave-school move-out
  '3': [s(0), s(1), s(2), s(3), s(4), moveOutFor([0, 2, 3]), s(8), s(9), s(10)],
  // 教职工: staff move-in (incl. family), staff move-out
  '4': [s(0), s(1), s(2), s(3), s(6), moveOutFor([0, 1, 3]), s(8), s(9), s(10)],
  // 教职工家属: a small set; moves out together with the staff member (2) or on their own via 4–7
  '5': [s(0), s(1), s(3), moveOutFor([0, 1, 3]), s(10)],
  // 本科新生: enrolment move-in, feedback, announcements; once moved in (hkIn) also the ID card and borrowing the card
  '7': [s(5), s(1), s(2), s(0), s(10)],
};

/** Tips shown as a message on the home screen, per login type (empty = none). */
export const sectorTips: Readonly<Record<'0' | '1' | '2' | '3' | '4' | '5' | '7', string>> = {
  '0': '借用户口卡、迁出业务仅限户口在校人员办理；毕业生请在离校前完成户口迁出。',
  '1': '借用户口卡、迁出业务仅限户口在校人员办理；毕业生请在离校前完成户口迁出。',
  '2': '借用户口卡、迁出业务仅限户口在校人员办理；毕业生请在离校前完成户口迁出。',
  '3': '博士后进站后请及时办理户口迁入；出站时请先办理户口迁出再办理离校手续。',
  '4': '教职工家属随迁请在“教职工迁入”中选择家属随迁，户主为教职工本人。',
  '5': '家属户口事项请与教职工本人共同办理，如有疑问请联系户籍办公室。',
  '7': '新生户口迁入为自愿原则，请在迁入办理时间内提交信息；逾期请到户籍办公室现场咨询。',
};

/** The shared tip text (fallback when a login type has none). */
export const defaultTips = '户籍办公室工作时间：周一至周五 8:30-11:30，14:00-17:00（法定节假日除外）。';

/**
 * Default new-student enrolment window: opens 30 days before `now`, closes 60 days after.
 * Returns ISO-8601 strings (UTC).
 */
export function defaultEnrolmentWindow(now: Date): { yxStartTime: string; yxEndTime: string } {
  const day = 24 * 60 * 60 * 1000;
  return {
    yxStartTime: new Date(now.getTime() - 30 * day).toISOString(),
    yxEndTime: new Date(now.getTime() + 60 * day).toISOString(),
  };
}

/** A tile as the office sets it for a person type (设置 → 首页板块), with the move-out's sub-tiles. */
export interface WantedTile {
  readonly sectorCode: string;
  readonly disabled: boolean;
  readonly subSectors?: readonly { readonly sectorCode: string; readonly disabled: boolean }[];
}

/** A stored tile or sub-tile of a person type. */
export interface SectorRowDef {
  personType: string;
  sectorCode: string;
  parentCode: string | null;
  name: string;
  requiresHkIn: boolean;
  disabled: boolean;
  sort: number;
}

/** The refusal of a set of tiles: the message, and the field and its message. */
export interface TilesRefused {
  refused: string;
  field: string;
  message: string;
}

/**
 * The rows of a person type's tiles as the office set them (in their order; names and 户口在校 from the catalogue), or
 * why not: a tile twice, a tile or sub-tile the catalogue does not know, sub-tiles on another tile than 迁出.
 */
export function sectorRowsOf(personType: string, wanted: readonly WantedTile[]): { rows: SectorRowDef[] } | TilesRefused {
  const codes = wanted.map((t) => t.sectorCode);
  if (new Set(codes).size !== codes.length) return { refused: '板块不能重复', field: 'sectors', message: '板块不能重复' };
  const rows: SectorRowDef[] = [];
  for (const [i, tile] of wanted.entries()) {
    const def = sectors.find((s) => String(s.sectorCode) === tile.sectorCode);
    if (!def) return { refused: `未知的板块 ${tile.sectorCode}`, field: `sectors[${i}].sectorCode`, message: '未知的板块' };
    if (tile.subSectors?.length && def.sectorCode !== 7) {
      return { refused: '只有迁出板块有子板块', field: `sectors[${i}].subSectors`, message: '只有迁出板块有子板块' };
    }
    const { requiresHkIn } = def;
    rows.push({
      personType,
      sectorCode: tile.sectorCode,
      parentCode: null,
      name: def.name,
      requiresHkIn,
      disabled: tile.disabled,
      sort: i + 1,
    });
    for (const [j, sub] of (tile.subSectors ?? []).entries()) {
      const subDef = moveOutSubSectors.find((m) => String(m.sectorCode) === sub.sectorCode);
      if (!subDef) {
        return { refused: `未知的子板块 ${sub.sectorCode}`, field: `sectors[${i}].subSectors[${j}].sectorCode`, message: '未知的子板块' };
      }
      const parentCode = tile.sectorCode;
      rows.push({
        personType,
        sectorCode: sub.sectorCode,
        parentCode,
        name: subDef.name,
        requiresHkIn,
        disabled: sub.disabled,
        sort: subDef.sectorCode + 1,
      });
    }
  }
  return { rows };
}
