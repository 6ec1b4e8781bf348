/**
 * Business dictionaries of the 户籍 product (pure data, no imports).
 *
 * Shapes follow the wire where the spec names the fields (couriers: dictLabel/dictValue/switch);
 * everything else is a neutral {value, label} list that the server maps to each endpoint's field names.
 */

/* ------------------------------------------------------------------ types */

/** 人员类别 rylb (6 is not used by the product). */
export type Rylb = '0' | '1' | '2' | '3' | '4' | '5' | '7';

export interface PersonType {
  readonly rylb: Rylb;
  /** 人员类别名称 */
  readonly label: string;
  /** which campus identifier the person has and the app shows */
  readonly identifier: 'xh' | 'gzzh' | 'none';
  /** label of that identifier (学号 / 工作证号), null when none */
  readonly identifierLabel: string | null;
}

export interface DictItem {
  readonly value: string;
  readonly label: string;
  /** optional hint shown under the option or used in guides */
  readonly remark?: string;
}

/** Courier / express option exactly as the wire carries it; switch '0' = disabled, '1' = enabled. */
export interface CourierOption {
  readonly dictLabel: string;
  readonly dictValue: string;
  readonly switch: '0' | '1';
  readonly remark?: string;
}

/** GB/T 4761-2008 家庭关系代码 entry; level 1 rows are the category headings. */
export interface Relation {
  readonly code: string;
  readonly name: string;
  readonly level: 1 | 2;
  /** code of the heading this row belongs to (itself for headings) */
  readonly group: string;
}

/** 业务代码 ServiceCode: one set of codes for the contract, the seed and the database. */
export const serviceCodes = [
  'hkkjy',
  'sfzbl',
  'hkkbb',
  'hjzmkj',
  'wfzzmkj',
  'wwfzmkj',
  'zxhkzmkj',
  'hyzkbg',
  'xlzkbg',
  'qtbs',
  'qianru',
  'yingxin',
  'qianchu',
  'qyzyq',
  'qyzbg',
  'qykbb',
] as const;

/** 业务代码 */
export type ServiceCode = (typeof serviceCodes)[number];

/** An application kind: a ServiceCode, with a sub-service where the code has several (qianchu, qianru, qtbs). */
export interface ApplicationKind {
  readonly code: ServiceCode;
  /** sub-service: qianchu graduate…, qianru qrlx 1-3, qtbs change (其他信息变更); null when the code has one */
  readonly sub: string | null;
  /** 申请类型名称 */
  readonly label: string;
  /** home tile (sector) that leads to it; null = reached from elsewhere (e.g. /other from 我的户籍) */
  readonly sector: number | null;
  /** move-out sub-sector index (0–7) for qianchu and the 迁移证 services, else null */
  readonly moveOutSubSector: number | null;
  /** web route under /web */
  readonly route: string;
  /** API prefix of the service's calls */
  readonly api: string;
  /** the user books an appointment date (with quota) */
  readonly appointment: boolean;
  /** the result can be mailed (delivery form) */
  readonly delivery: boolean;
}

export interface ApplicationStatus {
  readonly code: number;
  readonly label: string;
  /** label used for 借用户口卡 where it differs (4 已借出, 7 已归还) */
  readonly borrowLabel?: string;
  /** colour hint for tags (hex) */
  readonly color: string;
  /** semantic tone for UI components */
  readonly tone: 'primary' | 'info' | 'warning' | 'danger' | 'success' | 'muted';
  /** no further transition possible */
  readonly final: boolean;
}

export interface StatusTransition {
  readonly from: number;
  readonly to: number;
  readonly by: 'user' | 'staff';
  /** a note (the reason of a return or refusal) is required; 5 and 6 need pickup or courier details instead */
  readonly noteRequired: boolean;
}

export interface Rating {
  readonly value: number;
  readonly label: string;
}

/* ------------------------------------------------------------- person types */

export const personTypes: readonly PersonType[] = [
  { rylb: '0', label: '本科生', identifier: 'xh', identifierLabel: '学号' },
  { rylb: '1', label: '硕士研究生', identifier: 'xh', identifierLabel: '学号' },
  { rylb: '2', label: '博士研究生', identifier: 'xh', identifierLabel: '学号' },
  { rylb: '3', label: '博士后', identifier: 'gzzh', identifierLabel: '工作证号' },
  { rylb: '4', label: '教职工', identifier: 'gzzh', identifierLabel: '工作证号' },
  { rylb: '5', label: '教职工家属', identifier: 'none', identifierLabel: null },
  { rylb: '7', label: '本科新生', identifier: 'xh', identifierLabel: '学号' },
];

/* ------------------------------------------------------------------ ID card */

/** 身份证办理事由 (dict type qh_identity_reason). */
export const idCardReasons: readonly DictItem[] = [
  { value: '1', label: '首次申领', remark: '年满十六周岁首次申领居民身份证' },
  { value: '2', label: '有效期满换领', remark: '有效期满前三个月内或已过有效期' },
  { value: '3', label: '损坏换领', remark: '证件损坏、芯片失效或无法辨认' },
  { value: '4', label: '丢失补领', remark: '证件丢失或被盗' },
  { value: '5', label: '信息变更换领', remark: '姓名、性别、民族、出生日期、公民身份号码等登记项目变更后换领' },
  { value: '6', label: '申领临时居民身份证', remark: '正式证件办理期间急需使用（如乘车、考试）' },
];

/** 身份证办理方式 blfs (each has its own appointment quota per date); how the card is received is lqfs. */
export const idCardHandlingMethods: readonly DictItem[] = [
  { value: '1', label: '学校集中受理（户籍办代收代领）', remark: '预约当日到户籍办公室采集人像指纹，由户籍办统一报送派出所制证' },
  { value: '2', label: '本人到派出所办理', remark: '预约当日本人到示范园派出所户籍窗口办理' },
];

/* ----------------------------------------------------------- household card */

/** 借用户口卡用途. */
export const householdCardReasons: readonly DictItem[] = [
  { value: '1', label: '办理护照' },
  { value: '2', label: '办理港澳通行证' },
  { value: '3', label: '办理往来台湾通行证' },
  { value: '4', label: '就业落户' },
  { value: '5', label: '结婚登记' },
  { value: '6', label: '办理房产' },
  { value: '7', label: '出国留学' },
  { value: '8', label: '办理公证' },
  { value: '9', label: '其他', remark: '请在备注中写明具体用途' },
];

/** 户口卡借用/证件寄送的快递选项 (switch '0' = 暂停使用). */
export const couriers: readonly CourierOption[] = [
  { dictLabel: '顺丰速运', dictValue: '1', switch: '1', remark: '运费到付' },
  { dictLabel: '中国邮政EMS', dictValue: '2', switch: '1', remark: '运费到付' },
  { dictLabel: '京东物流', dictValue: '3', switch: '0', remark: '暂停使用' },
  { dictLabel: '自取', dictValue: '0', switch: '1', remark: '到户籍办公室领取' },
];

/**
 * 快递公司 staff ship with (寄出): each with its public tracking page, `{no}` standing for the waybill number. The
 * office maintains the list (字典 qh_express: names, order, 停用); a courier it adds has no tracking page (the
 * student then reads the courier and the waybill without a link).
 */
export const expressCompanies: readonly { value: string; label: string; trackUrl: string }[] = [
  { value: 'SF', label: '顺丰速运', trackUrl: 'https://www.sf-express.com/chn/sc/waybill/waybill-detail/{no}' },
  { value: 'EMS', label: '中国邮政EMS', trackUrl: 'https://www.ems.com.cn/queryList?mailNum={no}' },
  { value: 'JD', label: '京东物流', trackUrl: 'https://www.jdl.com/orderSearch/?waybillCodes={no}' },
  { value: 'ZTO', label: '中通快递', trackUrl: 'https://www.kuaidi100.com/chaxun?com=zhongtong&nu={no}' },
  { value: 'YTO', label: '圆通速递', trackUrl: 'https://www.kuaidi100.com/chaxun?com=yuantong&nu={no}' },
  { value: 'YD', label: '韵达快递', trackUrl: 'https://www.kuaidi100.com/chaxun?com=yunda&nu={no}' },
  { value: 'STO', label: '申通快递', trackUrl: 'https://www.kuaidi100.com/chaxun?com=shentong&nu={no}' },
];

/** 集中派送时段 (delivery form). */
export const deliveryTimeSlots: readonly DictItem[] = [
  { value: '0', label: '上午(12-13点)' },
  { value: '1', label: '下午(17-18点)' },
];

/* ------------------------------------------------------------- proofs */

/** 户籍证明类型 (hjzmkj typelist). */
export const proofTypes: readonly DictItem[] = [
  { value: '1', label: '户籍信息证明', remark: '证明本人户口登记在学校集体户及主要登记项目' },
  { value: '2', label: '户口迁入证明', remark: '证明户口迁入学校集体户的时间及迁出地' },
  { value: '3', label: '户口迁出证明', remark: '证明户口已由学校集体户迁出及迁往地' },
  { value: '4', label: '曾用名证明', remark: '证明曾用名与现用名为同一人' },
  { value: '5', label: '登记项目变更证明', remark: '姓名、出生日期、公民身份号码等变更前后对应关系' },
  { value: '6', label: '集体户口页复印件加盖户口专用章' },
];

/** 户籍证明领取方式 (hjzmkj kdlist). */
export const proofDeliveryOptions: readonly CourierOption[] = [
  { dictLabel: '现场领取', dictValue: '0', switch: '1', remark: '办结后到户籍办公室领取' },
  { dictLabel: '顺丰速运（到付）', dictValue: '1', switch: '1' },
  { dictLabel: '中国邮政EMS（到付）', dictValue: '2', switch: '1' },
  { dictLabel: '京东物流（到付）', dictValue: '3', switch: '0', remark: '暂停使用' },
];

/**
 * 办理事由 per certificate kind (bllxlist):
 * c = 无犯罪记录证明, n = 无违法证明, zxhk = 注销户口并开具证明.
 */
export const certificateReasons: {
  readonly c: readonly DictItem[];
  readonly n: readonly DictItem[];
  readonly zxhk: readonly DictItem[];
} = {
  c: [
    { value: '1', label: '就业入职' },
    { value: '2', label: '出国（境）留学' },
    { value: '3', label: '出国（境）工作、定居' },
    { value: '4', label: '申请签证' },
    { value: '5', label: '公务员、事业单位招录政审' },
    { value: '6', label: '应征入伍' },
    { value: '7', label: '申请教师资格等职业资格' },
    { value: '8', label: '收养登记' },
    { value: '9', label: '其他', remark: '请在备注中写明用途及需提交的单位' },
  ],
  n: [
    { value: '1', label: '出国（境）留学' },
    { value: '2', label: '申请签证' },
    { value: '3', label: '就业入职政审' },
    { value: '4', label: '入党、入伍政审' },
    { value: '5', label: '申请奖学金、交换项目' },
    { value: '9', label: '其他', remark: '请在备注中写明用途及需提交的单位' },
  ],
  zxhk: [
    { value: '1', label: '出国（境）定居' },
    { value: '2', label: '加入外国国籍' },
    { value: '3', label: '死亡' },
    { value: '4', label: '应征入伍（服现役）' },
    { value: '5', label: '重复户口注销' },
    { value: '9', label: '其他' },
  ],
};

/* ------------------------------------------------------ other / changes */

/** 其他业务类型 (qtbs typelist). */
export const otherBusinessTypes: readonly DictItem[] = [
  { value: '1', label: '集体户口页复印盖章' },
  { value: '2', label: '户籍信息查询' },
  { value: '3', label: '户口登记项目补录', remark: '如文化程度、服务处所等漏填项目' },
  { value: '4', label: '教职工子女出生落户' },
  { value: '5', label: '出国（境）人员恢复户口' },
  { value: '6', label: '户籍业务咨询预约' },
  { value: '9', label: '其他' },
];

/** 其他信息变更类型 (change/other): codes 101-199, apart from the other-business codes (one bslx field takes both). */
export const otherChangeTypes: readonly DictItem[] = [
  { value: '101', label: '姓名变更' },
  { value: '102', label: '性别更正' },
  { value: '103', label: '出生日期更正' },
  { value: '104', label: '民族更正' },
  { value: '105', label: '籍贯变更' },
  { value: '106', label: '曾用名登记' },
  { value: '107', label: '出生地更正' },
  { value: '108', label: '公民身份号码更正' },
  { value: '109', label: '服务处所变更' },
  { value: '110', label: '人员类型变更' },
  { value: '199', label: '其他' },
];

/** 迁出原因. */
export const moveOutReasons: readonly DictItem[] = [
  { value: '1', label: '毕业就业（派遣）' },
  { value: '2', label: '考取外校研究生' },
  { value: '3', label: '毕业迁回原籍' },
  { value: '4', label: '投靠亲属' },
  { value: '5', label: '工作调动' },
  { value: '6', label: '辞职、解聘' },
  { value: '7', label: '退休迁出' },
  { value: '8', label: '购房落户' },
  { value: '9', label: '退学' },
  { value: '10', label: '休学' },
  { value: '11', label: '博士后出站' },
  { value: '99', label: '其他' },
];

/* ------------------------------------------------------------ relations */

/** GB/T 4761-2008 家庭关系代码 (complete). */
export const relations: readonly Relation[] = [
  { code: '01', name: '本人', level: 1, group: '01' },
  { code: '02', name: '户主', level: 1, group: '02' },
  { code: '10', name: '配偶', level: 1, group: '10' },
  { code: '11', name: '夫', level: 2, group: '10' },
  { code: '12', name: '妻', level: 2, group: '10' },
  { code: '20', name: '子', level: 1, group: '20' },
  { code: '21', name: '独生子', level: 2, group: '20' },
  { code: '22', name: '长子', level: 2, group: '20' },
  { code: '23', name: '次子', level: 2, group: '20' },
  { code: '24', name: '三子', level: 2, group: '20' },
  { code: '25', name: '四子', level: 2, group: '20' },
  { code: '26', name: '五子', level: 2, group: '20' },
  { code: '27', name: '养子或继子', level: 2, group: '20' },
  { code: '28', name: '女婿', level: 2, group: '20' },
  { code: '29', name: '其他儿子', level: 2, group: '20' },
  { code: '30', name: '女', level: 1, group: '30' },
  { code: '31', name: '独生女', level: 2, group: '30' },
  { code: '32', name: '长女', level: 2, group: '30' },
  { code: '33', name: '次女', level: 2, group: '30' },
  { code: '34', name: '三女', level: 2, group: '30' },
  { code: '35', name: '四女', level: 2, group: '30' },
  { code: '36', name: '五女', level: 2, group: '30' },
  { code: '37', name: '养女或继女', level: 2, group: '30' },
  { code: '38', name: '儿媳', level: 2, group: '30' },
  { code: '39', name: '其他女儿', level: 2, group: '30' },
  { code: '40', name: '孙子、孙女或外孙子、外孙女', level: 1, group: '40' },
  { code: '41', name: '孙子', level: 2, group: '40' },
  { code: '42', name: '孙女', level: 2, group: '40' },
  { code: '43', name: '外孙子', level: 2, group: '40' },
  { code: '44', name: '外孙女', level: 2, group: '40' },
  { code: '45', name: '孙媳妇或外孙媳妇', level: 2, group: '40' },
  { code: '46', name: '孙女婿或外孙女婿', level: 2, group: '40' },
  { code: '47', name: '曾孙子或外曾孙子', level: 2, group: '40' },
  { code: '48', name: '曾孙女或外曾孙女', level: 2, group: '40' },
  { code: '49', name: '其他孙子、孙女或外孙子、外孙女', level: 2, group: '40' },
  { code: '50', name: '父母', level: 1, group: '50' },
  { code: '51', name: '父亲', level: 2, group: '50' },
  { code: '52', name: '母亲', level: 2, group: '50' },
  { code: '53', name: '公公', level: 2, group: '50' },
  { code: '54', name: '婆婆', level: 2, group: '50' },
  { code: '55', name: '岳父', level: 2, group: '50' },
  { code: '56', name: '岳母', level: 2, group: '50' },
  { code: '57', name: '继父或养父', level: 2, group: '50' },
  { code: '58', name: '继母或养母', level: 2, group: '50' },
  { code: '59', name: '其他父母关系', level: 2, group: '50' },
  { code: '60', name: '祖父母或外祖父母', level: 1, group: '60' },
  { code: '61', name: '祖父', level: 2, group: '60' },
  { code: '62', name: '祖母', level: 2, group: '60' },
  { code: '63', name: '外祖父', level: 2, group: '60' },
  { code: '64', name: '外祖母', level: 2, group: '60' },
  { code: '65', name: '配偶的祖父母或外祖父母', level: 2, group: '60' },
  { code: '66', name: '曾祖父', level: 2, group: '60' },
  { code: '67', name: '曾祖母', level: 2, group: '60' },
  { code: '68', name: '配偶的曾祖父母或外曾祖父母', level: 2, group: '60' },
  { code: '69', name: '其他祖父母或外祖父母关系', level: 2, group: '60' },
  { code: '70', name: '兄弟姐妹', level: 1, group: '70' },
  { code: '71', name: '兄', level: 2, group: '70' },
  { code: '72', name: '嫂', level: 2, group: '70' },
  { code: '73', name: '弟', level: 2, group: '70' },
  { code: '74', name: '弟媳', level: 2, group: '70' },
  { code: '75', name: '姐姐', level: 2, group: '70' },
  { code: '76', name: '姐夫', level: 2, group: '70' },
  { code: '77', name: '妹妹', level: 2, group: '70' },
  { code: '78', name: '妹夫', level: 2, group: '70' },
  { code: '79', name: '其他兄弟姐妹', level: 2, group: '70' },
  { code: '80', name: '其他', level: 1, group: '80' },
  { code: '81', name: '伯父', level: 2, group: '80' },
  { code: '82', name: '伯母', level: 2, group: '80' },
  { code: '83', name: '叔父', level: 2, group: '80' },
  { code: '84', name: '婶母', level: 2, group: '80' },
  { code: '85', name: '舅父', level: 2, group: '80' },
  { code: '86', name: '舅母', level: 2, group: '80' },
  { code: '87', name: '姨父', level: 2, group: '80' },
  { code: '88', name: '姨母', level: 2, group: '80' },
  { code: '89', name: '姑父', level: 2, group: '80' },
  { code: '90', name: '姑母', level: 2, group: '80' },
  { code: '91', name: '堂兄弟、堂姐妹', level: 2, group: '80' },
  { code: '92', name: '表兄弟、表姐妹', level: 2, group: '80' },
  { code: '93', name: '侄子', level: 2, group: '80' },
  { code: '94', name: '侄女', level: 2, group: '80' },
  { code: '95', name: '外甥', level: 2, group: '80' },
  { code: '96', name: '外甥女', level: 2, group: '80' },
  { code: '97', name: '其他亲属', level: 2, group: '80' },
  { code: '99', name: '非亲属', level: 1, group: '99' },
];

/**
 * Relations offered for family members who move with a staff member (家属随迁 / 教职工(含家属)迁出):
 * only spouses, children and parents may join a 教职工集体户.
 */
export const familyMemberRelationCodes: readonly string[] = ['11', '12', '20', '30', '51', '52'];

/* --------------------------------------------------------- applications */

export const applicationKinds: readonly ApplicationKind[] = [
  {
    code: 'hkkjy',
    sub: null,
    label: '借用户口卡',
    sector: 2,
    moveOutSubSector: null,
    route: '/borrow',
    api: '/api/daily/hkkjy',
    appointment: true,
    delivery: true,
  },
  {
    code: 'sfzbl',
    sub: null,
    label: '身份证办理',
    sector: 1,
    moveOutSubSector: null,
    route: '/certif/id-card',
    api: '/api/daily/sfzbl',
    appointment: true,
    delivery: true,
  },
  {
    code: 'hkkbb',
    sub: null,
    label: '户口卡补办',
    sector: 1,
    moveOutSubSector: null,
    route: '/certif/hr-card',
    api: '/api/daily/hkkbb',
    appointment: false,
    delivery: true,
  },
  {
    code: 'hjzmkj',
    sub: null,
    label: '户籍证明开具',
    sector: 3,
    moveOutSubSector: null,
    route: '/prove/hr-issued',
    api: '/api/daily/hjzmkj',
    appointment: false,
    delivery: true,
  },
  {
    code: 'wfzzmkj',
    sub: null,
    label: '无犯罪记录证明开具',
    sector: 3,
    moveOutSubSector: null,
    route: '/prove/c-issued',
    api: '/api/daily/wfzzmkj',
    appointment: false,
    delivery: true,
  },
  {
    code: 'wwfzmkj',
    sub: null,
    label: '无违法证明开具',
    sector: 3,
    moveOutSubSector: null,
    route: '/prove/n-issued',
    api: '/api/daily/wwfzmkj',
    appointment: false,
    delivery: true,
  },
  {
    code: 'zxhkzmkj',
    sub: null,
    label: '注销户口并开具证明',
    sector: 7,
    moveOutSubSector: 7,
    route: '/move-out/c-issued',
    api: '/api/daily/zxhkzmkj',
    appointment: false,
    delivery: true,
  },
  {
    code: 'xlzkbg',
    sub: null,
    label: '学历变更',
    sector: 8,
    moveOutSubSector: null,
    route: '/change/education',
    api: '/api/daily/xlzkbg',
    appointment: false,
    delivery: false,
  },
  {
    code: 'hyzkbg',
    sub: null,
    label: '婚姻状况变更',
    sector: 8,
    moveOutSubSector: null,
    route: '/change/marriage',
    api: '/api/daily/hyzkbg',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qtbs',
    sub: null,
    label: '其他业务',
    sector: null,
    moveOutSubSector: null,
    route: '/other',
    api: '/api/qhqt/qtbs',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qtbs',
    sub: 'change',
    label: '其他信息变更',
    sector: 8,
    moveOutSubSector: null,
    route: '/change/other',
    api: '/api/qhqt/qtbs',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianru',
    sub: '1',
    label: '博士后迁入',
    sector: 4,
    moveOutSubSector: null,
    route: '/move-in-dr',
    api: '/api/qianru',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianru',
    sub: '2',
    label: '教职工迁入',
    sector: 6,
    moveOutSubSector: null,
    route: '/move-in-staff',
    api: '/api/qianru',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianru',
    sub: '3',
    label: '家属随迁',
    sector: 6,
    moveOutSubSector: null,
    route: '/move-in-staff-m',
    api: '/api/qianru',
    appointment: false,
    delivery: false,
  },
  {
    code: 'yingxin',
    sub: null,
    label: '新生迁入',
    sector: 5,
    moveOutSubSector: null,
    route: '/move-in-new',
    api: '/api/yingxin',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianchu',
    sub: 'graduate',
    label: '毕业生迁出',
    sector: 7,
    moveOutSubSector: 0,
    route: '/move-out/graduate',
    api: '/api/qianchu',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianchu',
    sub: 'reassignment',
    label: '毕业生改派',
    sector: 7,
    moveOutSubSector: 0,
    route: '/move-out/reassignment',
    api: '/api/qianchu',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianchu',
    sub: 'post-doctoral',
    label: '博士后迁出',
    sector: 7,
    moveOutSubSector: 1,
    route: '/move-out/post-doctoral',
    api: '/api/qianchu',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianchu',
    sub: 'staff',
    label: '教职工(含家属)迁出',
    sector: 7,
    moveOutSubSector: 2,
    route: '/move-out/staff',
    api: '/api/qianchu',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianchu',
    sub: 'leave-school',
    label: '退学休学迁出',
    sector: 7,
    moveOutSubSector: 3,
    route: '/move-out/leave-school',
    api: '/api/qianchu',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qianchu',
    sub: 'move-out',
    label: '迁出',
    sector: 7,
    moveOutSubSector: null,
    route: '/move-out/move-out',
    api: '/api/qianchu',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qyzyq',
    sub: null,
    label: '迁移证延期',
    sector: 7,
    moveOutSubSector: 4,
    route: '/move-out/postpone',
    api: '/api/daily/qyzyq',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qyzbg',
    sub: null,
    label: '迁移证地址变更',
    sector: 7,
    moveOutSubSector: 5,
    route: '/move-out/change',
    api: '/api/daily/qyzbg',
    appointment: false,
    delivery: false,
  },
  {
    code: 'qykbb',
    sub: null,
    label: '迁移证补办',
    sector: 7,
    moveOutSubSector: 6,
    route: '/move-out/mc-card',
    api: '/api/daily/qykbb',
    appointment: false,
    delivery: false,
  },
];

/** The guide code of a kind (GET /api/guide/{code}): the ServiceCode, or `<code>-<sub>` for a sub-service. */
export const guideCodeOf = (kind: { code: string; sub: string | null }) => (kind.sub ? `${kind.code}-${kind.sub}` : kind.code);

/** One status table for every application (services.md). */
export const applicationStatuses: readonly ApplicationStatus[] = [
  { code: 1, label: '已提交', color: '#1677ff', tone: 'info', final: false },
  { code: 2, label: '审核中', color: '#faad14', tone: 'warning', final: false },
  { code: 3, label: '退回修改', color: '#fa8c16', tone: 'warning', final: false },
  { code: 4, label: '办理中', borrowLabel: '已借出', color: '#791cb5', tone: 'primary', final: false },
  { code: 5, label: '待领取', color: '#13c2c2', tone: 'info', final: false },
  { code: 6, label: '已寄出', color: '#13c2c2', tone: 'info', final: false },
  { code: 7, label: '已办结', borrowLabel: '已归还', color: '#52c41a', tone: 'success', final: true },
  { code: 8, label: '未通过', color: '#f5222d', tone: 'danger', final: true },
  { code: 9, label: '已撤销', color: '#999999', tone: 'muted', final: true },
];

/**
 * Allowed transitions; anything else is refused. The user submits (→1), resubmits after a return (3→1) and
 * withdraws (1/3→9); staff do the rest (the console's table: 2 from 1; 3 from 1, 2; 4 from 1, 2; 5 and 6 from 2, 4;
 * 7 from 4, 5, 6; 8 from 1, 2, 4).
 */
export const applicationStatusTransitions: readonly StatusTransition[] = [
  { from: 1, to: 9, by: 'user', noteRequired: false },
  { from: 3, to: 1, by: 'user', noteRequired: false },
  { from: 3, to: 9, by: 'user', noteRequired: false },
  { from: 1, to: 2, by: 'staff', noteRequired: false },
  { from: 1, to: 3, by: 'staff', noteRequired: true },
  { from: 2, to: 3, by: 'staff', noteRequired: true },
  { from: 1, to: 4, by: 'staff', noteRequired: false },
  { from: 2, to: 4, by: 'staff', noteRequired: false },
  { from: 2, to: 5, by: 'staff', noteRequired: false },
  { from: 4, to: 5, by: 'staff', noteRequired: false },
  { from: 2, to: 6, by: 'staff', noteRequired: false },
  { from: 4, to: 6, by: 'staff', noteRequired: false },
  { from: 4, to: 7, by: 'staff', noteRequired: false },
  { from: 5, to: 7, by: 'staff', noteRequired: false },
  { from: 6, to: 7, by: 'staff', noteRequired: false },
  { from: 1, to: 8, by: 'staff', noteRequired: true },
  { from: 2, to: 8, by: 'staff', noteRequired: true },
  { from: 4, to: 8, by: 'staff', noteRequired: true },
];

/** 满意度评价. */
export const ratings: readonly Rating[] = [
  { value: 5, label: '非常满意' },
  { value: 4, label: '满意' },
  { value: 3, label: '基本满意' },
  { value: 2, label: '不满意' },
  { value: 1, label: '非常不满意' },
];

/* ---------------------------------------------------------------- rules */

export interface AppointmentRule {
  /** channels with their own quota (sfzbl: the handling methods blfs; '' = one quota for the kind) */
  readonly channels: readonly string[];
  /** bookable places per working day and channel */
  readonly dailyQuota: number;
  /** how many calendar days ahead dates are offered (from tomorrow) */
  readonly daysAhead: number;
  /** how many calendar days ahead quota rows are kept ready (staff can change them before they are offered) */
  readonly daysPrepared: number;
  /** only Monday–Friday */
  readonly weekdaysOnly: boolean;
}

/** Default appointment quotas for the kinds with appointment: true (borrow dates are hkkjy's quota days). */
export const appointmentRules: { readonly sfzbl: AppointmentRule; readonly hkkjy: AppointmentRule } = {
  sfzbl: { channels: ['1', '2'], dailyQuota: 20, daysAhead: 14, daysPrepared: 30, weekdaysOnly: true },
  hkkjy: { channels: [''], dailyQuota: 20, daysAhead: 14, daysPrepared: 30, weekdaysOnly: true },
};

/** 借用户口卡 limits. */
export const borrowRules: { readonly perYear: number; readonly maxDays: number; readonly remindDaysBefore: number } = {
  /** loans a year (withdrawn and refused ones do not count) */
  perYear: 4,
  /** the return date is at most this many days after the borrow date */
  maxDays: 7,
  /** a reminder notice this many days before the return date */
  remindDaysBefore: 3,
};
