/**
 * Demo data for the fictional university 示范大学 (北京市海淀区). Pure data: imports only types from
 * sibling seed-data modules. Every name, number and address here is invented.
 */
import type { Rylb } from '../../domain/person-types.ts';

/* ------------------------------------------------------------------ types */

export interface PoliceStation {
  /** 派出所编号 (wire: id) */
  readonly id: string;
  /** 派出所名称 (wire: policeStationName) */
  readonly name: string;
  readonly address: string;
  readonly phone: string;
  /** true = the station of the university's collective households */
  readonly campus: boolean;
}

/** 单位 (wire: dwh 单位号 / dwmc 单位名称). */
export interface Department {
  readonly dwh: string;
  readonly dwmc: string;
}

export interface Banner {
  readonly id: number;
  readonly title: string;
  /** served by the web app's public folder: /web/banners/*.svg */
  readonly image: string;
  /** web route (under /web) opened on tap, or null */
  readonly link: string | null;
  readonly sort: number;
}

export interface Attachment {
  /** file name under server/db/seed-data/files/ and in the download URL (ASCII) */
  readonly fileName: string;
  /** name shown to the user */
  readonly displayName: string;
}

export interface Announcement {
  readonly id: number;
  readonly title: string;
  /** plain text, paragraphs separated by \n */
  readonly body: string;
  /** ISO-8601 with offset */
  readonly publishedAt: string;
  readonly publisher: string;
  /** pinned at the top of the list */
  readonly pinned: boolean;
  readonly attachments: readonly Attachment[];
}

export interface DownloadFile extends Attachment {
  /** regulation = 规章制度 (regulation download), example = 填写样例 (download example) */
  readonly kind: 'regulation' | 'example';
}

export interface ContactPhone {
  readonly label: string;
  readonly number: string;
}

export interface ContactInformation {
  readonly office: string;
  readonly organisation: string;
  readonly address: string;
  readonly postcode: string;
  readonly hours: string;
  readonly hoursNote: string;
  readonly phones: readonly ContactPhone[];
  readonly email: string;
  readonly policeStation: string;
}

export interface GuideMaterial {
  /** 材料名称 (the clmc of an attachment) */
  readonly name: string;
  /** needed in every case (default true) */
  readonly required?: boolean;
  /** 说明 */
  readonly note?: string;
  /** 样例文件名 (an example download) */
  readonly example?: string;
}

export interface ServiceGuide {
  /** guide code: a ServiceCode, or `<code>-<sub>` for a sub-service (qianchu-graduate, qianru-1, qtbs-change) */
  readonly code: string;
  readonly title: string;
  /** 办理对象 */
  readonly eligibility: string;
  /** 所需材料 */
  readonly materials: readonly GuideMaterial[];
  /** 办理流程 */
  readonly process: readonly string[];
  /** 办理时限 */
  readonly timeLimit: string;
  /** 办理地点 */
  readonly place: string;
  /** 办理时间 */
  readonly hours: string;
  /** 收费标准 */
  readonly fee: string;
  /** 咨询电话 */
  readonly contact: string;
  /** 温馨提示 */
  readonly notes: readonly string[];
}

export interface HouseholdRecord {
  /** 户号 */
  readonly hh: string;
  /** 户名 */
  readonly hkmc: string;
  /** 户别 */
  readonly hklx: '集体户';
  /** 住址 */
  readonly address: string;
  readonly policeStationId: string;
  /** 与户主关系 (GB/T 4761 code), null = 集体户成员 */
  readonly yhzgx: string | null;
  /** 迁入日期 YYYY-MM-DD, null while not moved in */
  readonly qrrq: string | null;
  /** 迁入类别 */
  readonly qrlb: string;
  /** 何地迁来 */
  readonly qcd: string;
  /** 户口状态 */
  readonly status: '在册' | '待迁入' | '已迁出';
  /** 户口卡 (个人页) 状态 */
  readonly bookletStatus: '在库' | '借出' | '无';
}

export interface DemoAccount {
  readonly id: number;
  readonly rylb: Rylb;
  /** equals rylb in this product */
  readonly loginType: Rylb;
  readonly phone: string;
  /** 学号 (types 0, 1, 2, 7) */
  readonly xh: string | null;
  /** 工作证号 (types 3, 4) */
  readonly gzzh: string | null;
  /** 姓名 */
  readonly xm: string;
  /** 性别 GB/T 2261.1 */
  readonly xbm: '1' | '2';
  /** 民族 GB/T 3304 */
  readonly mzm: string;
  /** 出生日期 */
  readonly csrq: string;
  /** 公民身份号码 (GB 11643, valid check digit) */
  readonly sfzjh: string;
  /** 籍贯 */
  readonly jg: string;
  /** demo password (hash it when seeding) */
  readonly password: string;
  /** 户口在校 */
  readonly hkIn: boolean;
  /** 婚姻状况 GB/T 2261.2 */
  readonly hyzkm: string;
  /** 最高学历 GB/T 4658 */
  readonly zhxlm: string;
  /** 单位号 (院系 / 人事单位); null for 教职工家属 */
  readonly dwh: string | null;
  /** '1' = a warning applies (shown after unified login) */
  readonly scfc: '0' | '1';
  readonly scfcmessage: string | null;
  /** for 教职工家属: id of the staff account they belong to */
  readonly familyOfId: number | null;
  readonly household: HouseholdRecord;
}

/* ------------------------------------------------------- police stations */

export const policeStations: readonly PoliceStation[] = [
  { id: '110108510000', name: '示范园派出所', address: '北京市海淀区示范路1号示范大学东门内', phone: '010-68921110', campus: true },
  { id: '110108520000', name: '明德路派出所', address: '北京市海淀区明德路26号', phone: '010-68923110', campus: false },
  { id: '110108530000', name: '知新桥派出所', address: '北京市海淀区知新桥北街8号', phone: '010-68925110', campus: false },
  { id: '110108540000', name: '博雅西路派出所', address: '北京市海淀区博雅西路17号', phone: '010-68927110', campus: false },
];

/* ------------------------------------------------------------ departments */

/** 教务院系 (academic schools, for students). */
export const jwYx: readonly Department[] = [
  { dwh: '001', dwmc: '数学科学学院' },
  { dwh: '002', dwmc: '物理学院' },
  { dwh: '003', dwmc: '化学与分子工程学院' },
  { dwh: '004', dwmc: '生命科学学院' },
  { dwh: '005', dwmc: '信息科学技术学院' },
  { dwh: '006', dwmc: '机械与能源工程学院' },
  { dwh: '007', dwmc: '经济管理学院' },
  { dwh: '008', dwmc: '法学院' },
  { dwh: '009', dwmc: '文学院' },
  { dwh: '010', dwmc: '外国语学院' },
  { dwh: '011', dwmc: '马克思主义学院' },
  { dwh: '012', dwmc: '教育学院' },
  { dwh: '013', dwmc: '环境科学与工程学院' },
  { dwh: '014', dwmc: '医学部' },
];

/** 人事单位 (units of staff and post-doctoral fellows): schools plus administrative units. */
export const rsYx: readonly Department[] = [
  ...jwYx,
  { dwh: '101', dwmc: '党委办公室、校长办公室' },
  { dwh: '102', dwmc: '人事处' },
  { dwh: '103', dwmc: '教务处' },
  { dwh: '104', dwmc: '研究生院' },
  { dwh: '105', dwmc: '科学研究院' },
  { dwh: '106', dwmc: '学生工作部（处）' },
  { dwh: '107', dwmc: '保卫部（处）' },
  { dwh: '108', dwmc: '财务处' },
  { dwh: '109', dwmc: '图书馆' },
  { dwh: '110', dwmc: '后勤保障部' },
  { dwh: '111', dwmc: '博士后管理办公室' },
  { dwh: '112', dwmc: '校医院' },
];

/** All units (dwh unique). */
export const departments: readonly Department[] = rsYx;

/* ---------------------------------------------------------------- banners */

export const banners: readonly Banner[] = [
  { id: 1, title: '户籍业务网上办', image: '/web/banners/banner-online.svg', link: null, sort: 1 },
  { id: 2, title: '2026级新生户口迁入指南', image: '/web/banners/banner-enrolment.svg', link: '/announcement', sort: 2 },
  { id: 3, title: '毕业生户口迁出提醒', image: '/web/banners/banner-graduate.svg', link: '/move-out', sort: 3 },
];

/* ----------------------------------------------------------- announcements */

export const announcements: readonly Announcement[] = [
  {
    id: 1,
    title: '关于2026级新生户口迁入工作的通知',
    publishedAt: '2026-08-20T09:00:00+08:00',
    publisher: '保卫部（处）户籍办公室',
    pinned: true,
    body: [
      '各位2026级新同学：',
      '根据国家户籍管理有关规定，新生入学时户口迁入学校实行自愿原则。自愿将户口迁入学校的同学，请按以下要求办理。',
      '一、办理时间：2026年8月25日至10月31日，逾期不再集中办理。',
      '二、办理方式：登录“户籍业务网上办”，在“新生迁入”中如实填写个人信息并上传材料，提交后请留意审核结果。',
      '三、所需材料：户口迁移证原件（迁移证上的姓名、公民身份号码须与录取信息一致）、居民身份证、录取通知书。',
      '四、迁移证须在有效期内，迁往地址应为“北京市海淀区示范大学集体户”。迁移证信息有误的，请回原籍派出所更正后再办理。',
      '五、户口未迁入学校的同学，如需在京办理身份证、出入境证件等，请按户籍所在地规定办理。',
      '详细要求见附件。咨询电话：010-68920101。',
    ].join('\n'),
    attachments: [{ fileName: 'xinsheng-hukou-qianru-xuzhi.pdf', displayName: '2026级新生户口迁入须知.pdf' }],
  },
  {
    id: 2,
    title: '关于2026届毕业生办理户口迁出手续的通知',
    publishedAt: '2026-05-15T10:00:00+08:00',
    publisher: '保卫部（处）户籍办公室',
    pinned: false,
    body: [
      '各院系、2026届毕业生：',
      '户口在学校集体户的毕业生，须在离校前办理户口迁出手续。现将有关事项通知如下：',
      '一、网上申请：2026年5月20日至6月30日，登录“户籍业务网上办”，在“迁出—毕业生迁出”中填写迁往地址并提交。',
      '二、迁往地址须与就业报到证或接收单位、原籍地址一致；落户北京的，须取得相关落户批复。',
      '三、领取户口迁移证：审核通过后按通知时间本人持学生证、身份证到户籍办公室领取；本人不能到场的，可委托他人凭委托书代领。',
      '四、户口迁移证有效期为30天，请在有效期内到迁入地派出所落户；如需延期或变更地址，请在“迁出”中办理迁移证延期或地址变更。',
      '五、未在规定时间内办理迁出手续的，户口将按学校规定统一迁回原籍。',
    ].join('\n'),
    attachments: [{ fileName: 'biyesheng-hukou-qianchu-liucheng.pdf', displayName: '毕业生户口迁出办理流程.pdf' }],
  },
  {
    id: 3,
    title: '关于在校集中办理居民身份证的通知',
    publishedAt: '2026-09-10T09:30:00+08:00',
    publisher: '保卫部（处）户籍办公室',
    pinned: false,
    body: [
      '全体在校师生：',
      '为方便户口在学校集体户的师生办理居民身份证，户籍办公室联合示范园派出所开展校内集中办理。',
      '一、办理范围：首次申领、有效期满换领、损坏换领、丢失补领及登记项目变更换领。',
      '二、预约方式：在“身份证办理”中选择办理事由、领取方式和预约日期，每日名额有限，约满为止。',
      '三、办理当天请本人携带学生证或工作证到行政楼一层108室现场采集人像和指纹，请穿着深色有领上衣，不戴帽子和饰品。',
      '四、工本费按国家规定收取：首次申领、有效期满换领、登记项目变更换领20元；丢失补领、损坏换领40元。',
      '五、制证完成后可现场领取，也可选择邮寄到付。',
    ].join('\n'),
    attachments: [{ fileName: 'shenfenzheng-banli-xuzhi.pdf', displayName: '居民身份证办理须知.pdf' }],
  },
  {
    id: 4,
    title: '关于规范借用集体户口卡的通知',
    publishedAt: '2026-03-02T14:00:00+08:00',
    publisher: '保卫部（处）户籍办公室',
    pinned: false,
    body: [
      '全体集体户成员：',
      '集体户口卡（个人户口页）由户籍办公室统一保管。为保障户籍信息安全，现就借用有关事项通知如下：',
      '一、借用须在网上提交申请，写明用途并预约领取日期，审核通过后本人持有效证件领取。',
      '二、借用期限一般不超过7天，请按期归还；每人每年借用不超过4次，逾期未还的将暂停借用。',
      '三、户口卡仅限申请用途使用，严禁涂改、转借、抵押；遗失的须立即报告并办理户口卡补办。',
      '四、户口不在学校的人员无法借用户口卡。',
    ].join('\n'),
    attachments: [{ fileName: 'jiti-hukouka-jieyong-banfa.pdf', displayName: '示范大学集体户口卡借用管理办法.pdf' }],
  },
  {
    id: 5,
    title: '户籍办公室2026年国庆节假期业务安排',
    publishedAt: '2026-09-25T16:00:00+08:00',
    publisher: '保卫部（处）户籍办公室',
    pinned: false,
    body: [
      '根据学校假期安排，2026年10月1日至10月8日户籍办公室暂停现场办公，10月9日起恢复正常办公。',
      '假期期间网上申请照常提交，户籍办公室将于恢复办公后按提交顺序依次办理。',
      '假期内如遇紧急户籍事务，请拨打值班电话010-68920199。',
      '祝大家节日快乐！',
    ].join('\n'),
    attachments: [],
  },
];

/** Further downloadable files (regulation and example downloads). */
export const downloadFiles: readonly DownloadFile[] = [
  { fileName: 'jiti-hukou-guanli-guiding.pdf', displayName: '示范大学集体户口管理规定.pdf', kind: 'regulation' },
  { fileName: 'hukou-qianyi-weituoshu-yangli.pdf', displayName: '户籍业务委托书（样例）.pdf', kind: 'example' },
];

/* ------------------------------------------------------------- contact */

export const contactInformation: ContactInformation = {
  office: '户籍办公室',
  organisation: '示范大学保卫部（处）',
  address: '北京市海淀区示范路1号示范大学行政楼一层108室',
  postcode: '100089',
  hours: '周一至周五 8:30-11:30 14:00-17:00',
  hoursNote: '法定节假日及寒暑假期间另行通知',
  phones: [
    { label: '户籍业务咨询', number: '010-68920101' },
    { label: '新生迁入、毕业生迁出', number: '010-68920102' },
    { label: '身份证办理', number: '010-68920103' },
    { label: '假期值班', number: '010-68920199' },
  ],
  email: 'hujiban@sfdx.example',
  policeStation: '示范园派出所 010-68921110',
};

/* ---------------------------------------------------------- service guides */

const OFFICE = '示范大学行政楼一层108室户籍办公室';
const HOURS = '周一至周五 8:30-11:30 14:00-17:00（法定节假日除外）';
const CONTACT = '户籍办公室 010-68920101';
const CONTACT_MOVE = '户籍办公室 010-68920102';
const CONTACT_ID = '户籍办公室 010-68920103';

export const serviceGuides: readonly ServiceGuide[] = [
  {
    code: 'hkkjy',
    title: '借用户口卡',
    eligibility: '户口在学校集体户的在校学生、博士后、教职工及家属。户口不在校的人员不能借用。',
    materials: [
      { name: '本人学生证或工作证' },
      { name: '本人居民身份证' },
      { name: '用途证明材料（如护照、通行证预约单等，按用途提供）', required: false },
    ],
    process: [
      '网上提交借用申请，选择用途和领取日期',
      '户籍办公室审核',
      '本人持证件到户籍办公室领取（或选择快递寄送）',
      '用毕按期归还，归还后办结',
    ],
    timeLimit: '审核通过后于预约日期领取；借用期限不超过7天',
    place: OFFICE,
    hours: HOURS,
    fee: '免费（选择快递寄送的，运费到付）',
    contact: CONTACT,
    notes: ['每人每年可借用4次，剩余次数见申请页面', '户口卡严禁涂改、转借、抵押，遗失须立即报告', '逾期未归还的暂停借用资格'],
  },
  {
    code: 'sfzbl',
    title: '身份证办理',
    eligibility: '户口在学校集体户的人员，办理居民身份证首次申领、有效期满换领、损坏换领、丢失补领、登记项目变更换领，以及临时居民身份证。',
    materials: [
      { name: '本人学生证或工作证' },
      { name: '原居民身份证（换领、变更换领时交回；丢失补领除外）' },
      { name: '登记项目变更的，提供户口变更后的证明材料', required: false },
    ],
    process: [
      '网上选择办理事由、领取方式并预约日期',
      '预约当日本人到户籍办公室采集人像、指纹并缴纳工本费',
      '公安机关制证',
      '现场领取或邮寄到付',
    ],
    timeLimit: '受理后15个工作日内制证完成；临时居民身份证当场或3个工作日内办结',
    place: OFFICE,
    hours: HOURS,
    fee: '按国家规定收取工本费：首次申领、有效期满换领、登记项目变更换领每证20元；丢失补领、损坏换领每证40元；临时居民身份证每证10元',
    contact: CONTACT_ID,
    notes: ['须本人到场采集，请穿深色有领上衣，不戴帽子、饰品和美瞳', '有效期满前三个月内可申请换领', '每人同一时间只能有一个有效预约'],
  },
  {
    code: 'hkkbb',
    title: '户口卡补办',
    eligibility: '户口在学校集体户、个人户口页（户口卡）遗失或损坏的人员。',
    materials: [
      { name: '本人居民身份证' },
      { name: '本人学生证或工作证' },
      { name: '遗失情况说明（本人签字，申请时拍照上传）' },
      { name: '损坏的，交回原户口卡', required: false },
    ],
    process: ['网上提交补办申请', '户籍办公室审核', '报派出所补打户口卡', '本人到户籍办公室确认信息'],
    timeLimit: '10个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT,
    notes: ['补办的户口卡仍由户籍办公室统一保管，需要使用时请申请借用'],
  },
  {
    code: 'hjzmkj',
    title: '户籍证明开具',
    eligibility: '户口在学校集体户或曾在学校集体户的人员，开具户籍信息、迁入、迁出、曾用名、登记项目变更等证明。',
    materials: [
      { name: '本人居民身份证' },
      { name: '本人学生证或工作证（已离校人员提供身份证即可）' },
      { name: '委托他人办理的，提供委托书及受托人身份证', required: false, example: 'hukou-qianyi-weituoshu-yangli.pdf' },
    ],
    process: ['网上选择证明类型和领取方式并提交', '户籍办公室核对户籍档案', '出具证明并加盖户口专用章', '现场领取或快递寄出'],
    timeLimit: '3个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费（快递运费到付）',
    contact: CONTACT,
    notes: ['证明内容以户籍档案为准', '需用于境外的证明，请另行办理公证'],
  },
  {
    code: 'wfzzmkj',
    title: '无犯罪记录证明开具',
    eligibility: '户口在学校集体户的人员，因就业、出国（境）、政审等需要开具无犯罪记录证明。',
    materials: [
      { name: '本人居民身份证' },
      { name: '本人学生证或工作证' },
      { name: '用途相关材料（如录用通知、签证要求等）' },
      { name: '委托他人办理的，提供委托书及受托人身份证', required: false, example: 'hukou-qianyi-weituoshu-yangli.pdf' },
    ],
    process: ['网上选择办理事由并提交', '户籍办公室初审后报示范园派出所', '派出所核查并出具证明', '到户籍办公室领取'],
    timeLimit: '3个工作日（需跨地区核查的，时间相应延长）',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT,
    notes: ['证明仅证明本人在本市户籍期间无犯罪记录', '证明一般有效期为3个月，请按需办理'],
  },
  {
    code: 'wwfzmkj',
    title: '无违法证明开具',
    eligibility: '户口在学校集体户的人员，因留学、签证、政审等需要开具无违法记录证明。',
    materials: [{ name: '本人居民身份证' }, { name: '本人学生证或工作证' }, { name: '用途相关材料' }],
    process: ['网上选择办理事由并提交', '户籍办公室初审后报示范园派出所', '派出所核查并出具证明', '到户籍办公室领取'],
    timeLimit: '3个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT,
    notes: ['证明一般有效期为3个月，请按需办理'],
  },
  {
    code: 'zxhkzmkj',
    title: '注销户口并开具证明',
    eligibility:
      '户口在学校集体户，因出国（境）定居、加入外国国籍、应征入伍、死亡、重复登记等原因需注销户口的人员（死亡注销由亲属或所在单位代办）。',
    materials: [
      { name: '本人居民身份证（注销时交回）' },
      { name: '出国（境）定居的：护照及定居证明' },
      { name: '加入外国国籍的：外国护照或入籍证明' },
      { name: '应征入伍的：入伍通知书' },
      { name: '死亡的：居民死亡医学证明（推断）书、代办人身份证' },
    ],
    process: ['网上选择注销原因并上传材料', '户籍办公室审核后报派出所', '派出所注销户口', '开具注销户口证明并通知领取'],
    timeLimit: '5个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT_MOVE,
    notes: ['户口注销后不能再借用户口卡或办理其他户籍业务', '注销证明请妥善保管'],
  },
  {
    code: 'xlzkbg',
    title: '学历变更',
    eligibility: '户口在学校集体户、取得新的学历需要更新户口登记“文化程度”项目的人员。',
    materials: [
      { name: '学历证明', note: '毕业证书（须上传照片或扫描件，办理时核验原件）；国（境）外学历另附教育部留学服务中心学历学位认证书' },
      { name: '本人居民身份证' },
    ],
    process: ['网上选择变更后的学历并上传毕业证书', '户籍办公室审核', '报派出所变更户口登记项目', '办结后可在“我的户籍”查看'],
    timeLimit: '5个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT,
    notes: ['文化程度按国家标准GB/T 4658登记，以最高学历为准', '在读学生毕业前不能登记为毕业'],
  },
  {
    code: 'hyzkbg',
    title: '婚姻状况变更',
    eligibility: '户口在学校集体户、婚姻状况发生变化（结婚、离婚、丧偶、再婚、复婚）的人员。',
    materials: [
      { name: '婚姻状况证明', note: '结婚证或离婚证、法院生效判决书、配偶死亡证明等（须上传照片或扫描件，办理时核验原件）' },
      { name: '本人居民身份证' },
    ],
    process: ['网上选择变更后的婚姻状况并上传证明材料', '户籍办公室审核', '报派出所变更户口登记项目'],
    timeLimit: '3个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT,
    notes: ['婚姻状况按国家标准GB/T 2261.2登记'],
  },
  {
    code: 'qtbs',
    title: '其他业务',
    eligibility: '户口在学校集体户的人员，办理集体户口页复印盖章、户籍信息查询、登记项目补录、教职工子女出生落户等业务。',
    materials: [
      { name: '本人居民身份证' },
      { name: '本人学生证或工作证' },
      { name: '与业务相关的证明材料（子女出生落户的，提供出生医学证明、父母结婚证及身份证）', required: false },
    ],
    process: ['网上选择业务类型并说明具体事项', '户籍办公室审核，需要时电话联系', '按通知办理或领取'],
    timeLimit: '一般5个工作日；需报派出所或分局审批的，按公安机关规定时限办理',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT,
    notes: ['子女出生落户应在出生后一个月内申请'],
  },
  {
    code: 'qtbs-change',
    title: '其他信息变更',
    eligibility: '户口在学校集体户，需要变更或更正姓名、性别、出生日期、民族、籍贯、出生地、公民身份号码或登记曾用名的人员。',
    materials: [
      { name: '本人居民身份证' },
      { name: '变更或更正事项的证明材料（如出生医学证明、入学档案、原始户籍档案、民族成份变更审批材料等）' },
      { name: '未成年人变更姓名的，提供监护人同意书', required: false },
    ],
    process: ['网上选择变更类型并上传材料', '户籍办公室初审后报派出所', '派出所或分局审批', '变更完成后换领居民身份证'],
    timeLimit: '20个工作日（需调查核实的，按公安机关规定时限办理）',
    place: OFFICE,
    hours: HOURS,
    fee: '免费（变更后换领居民身份证的，按规定收取工本费）',
    contact: CONTACT,
    notes: ['成年人变更姓名须有正当理由', '出生日期、公民身份号码更正须以原始档案为依据'],
  },
  {
    code: 'qianru-1',
    title: '博士后迁入',
    eligibility: '已在学校博士后流动站或工作站办理进站手续，自愿将户口迁入学校博士后集体户的博士后研究人员。',
    materials: [
      { name: '博士后进站审批表' },
      { name: '户口迁移证或准予迁入证明' },
      { name: '本人居民身份证' },
      { name: '一寸白底彩色证件照电子版' },
    ],
    process: [
      '网上提交迁入信息并上传材料',
      '户籍办公室审核',
      '开具准予迁入证明（需要时）',
      '持迁移证到户籍办公室办理落户',
      '确认信息后下载迁入凭证',
    ],
    timeLimit: '材料齐全后15个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT_MOVE,
    notes: ['出站时户口须同时迁出学校博士后集体户'],
  },
  {
    code: 'qianru-2',
    title: '教职工迁入',
    eligibility: '学校新入职并取得北京市落户批复、户口需迁入学校教职工集体户的教职工。',
    materials: [
      { name: '北京市落户批复或人才引进批准文件' },
      { name: '户口迁移证或准予迁入证明' },
      { name: '本人居民身份证' },
      { name: '学校人事处出具的报到证明' },
    ],
    process: ['网上提交迁入信息并上传材料', '户籍办公室审核', '持迁移证办理落户', '确认信息后下载迁入凭证'],
    timeLimit: '材料齐全后20个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT_MOVE,
    notes: ['落户批复有有效期，请在有效期内办理', '配偶、子女随迁请在“家属随迁”中申请'],
  },
  {
    code: 'qianru-3',
    title: '家属随迁',
    eligibility: '户口在学校教职工集体户的教职工，其配偶、未成年子女等符合随迁政策的家属（以教职工本人为户主申请）。',
    materials: [
      { name: '随迁批复文件' },
      { name: '结婚证（配偶随迁）或出生医学证明（子女随迁）' },
      { name: '随迁人员户口迁移证' },
      { name: '随迁人员居民身份证' },
    ],
    process: ['教职工本人网上提交家属随迁信息', '户籍办公室审核', '持迁移证办理落户', '确认信息后下载迁入凭证'],
    timeLimit: '材料齐全后20个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT_MOVE,
    notes: ['随迁家属户口登记在教职工本人名下，与户主关系以证明材料为准'],
  },
  {
    code: 'yingxin',
    title: '新生迁入',
    eligibility: '当年录取的新生（含本科生、研究生），自愿将户口迁入学校学生集体户。',
    materials: [{ name: '户口迁移证原件' }, { name: '本人居民身份证' }, { name: '录取通知书' }, { name: '一寸白底彩色证件照电子版' }],
    process: [
      '在开放时间内网上填写迁入信息并上传迁移证照片',
      '户籍办公室审核',
      '按通知将迁移证原件交户籍办公室',
      '集中办理落户，办结后在“我的户籍”查看',
    ],
    timeLimit: '迁入办理时间截止后20个工作日内集中办结',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT_MOVE,
    notes: ['户口迁入实行自愿原则', '迁移证上的迁往地址须为“北京市海淀区示范大学集体户”', '迁移证过期或信息有误的，须回原籍派出所更正'],
  },
  {
    code: 'qianchu-graduate',
    title: '毕业生迁出',
    eligibility: '户口在学校学生集体户的应届毕业生。',
    materials: [
      { name: '本人居民身份证' },
      { name: '毕业证书或学校毕业离校证明' },
      { name: '就业报到证、接收函或落户批复（迁往就业地的）' },
    ],
    process: ['网上填写迁往地址并提交', '户籍办公室审核', '报派出所开具户口迁移证', '本人或受托人到户籍办公室领取迁移证'],
    timeLimit: '5个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT_MOVE,
    notes: ['户口迁移证有效期30天，请及时落户', '地址锁定后如需修改，请办理毕业生改派或迁移证地址变更'],
  },
  {
    code: 'qianchu-reassignment',
    title: '毕业生改派',
    eligibility: '已办理毕业生迁出、因改派需要变更户口迁往地的毕业生。',
    materials: [{ name: '改派后的就业报到证或接收函' }, { name: '原户口迁移证（已领取的交回）' }, { name: '本人居民身份证' }],
    process: ['网上填写改派后的迁往地址', '户籍办公室审核', '重新开具户口迁移证', '领取新的迁移证'],
    timeLimit: '5个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT_MOVE,
    notes: ['原迁移证已在迁入地落户的，不能再办理改派'],
  },
  {
    code: 'qianchu-post-doctoral',
    title: '博士后迁出',
    eligibility: '户口在学校博士后集体户、已办理出站手续的博士后研究人员。',
    materials: [{ name: '博士后出站审批表' }, { name: '接收单位或迁入地准予迁入证明' }, { name: '本人居民身份证' }],
    process: ['网上填写迁往地址并提交', '户籍办公室审核', '开具户口迁移证', '领取迁移证'],
    timeLimit: '5个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT_MOVE,
    notes: ['迁移证有效期30天，请及时落户'],
  },
  {
    code: 'qianchu-staff',
    title: '教职工(含家属)迁出',
    eligibility: '户口在学校教职工集体户、因调离、离职、购房落户等原因迁出的教职工及其随迁家属。',
    materials: [
      { name: '本人居民身份证' },
      { name: '调动、离职证明或房屋产权证明' },
      { name: '迁入地准予迁入证明（跨省迁移需要时）', required: false },
      { name: '家属同时迁出的，提供家属身份证件', required: false },
    ],
    process: ['网上填写迁往地址并勾选同时迁出的家属', '户籍办公室审核', '开具户口迁移证', '领取迁移证'],
    timeLimit: '5个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT_MOVE,
    notes: ['本市内迁移可直接到迁入地派出所办理“一站式”迁移'],
  },
  {
    code: 'qianchu-leave-school',
    title: '退学休学迁出',
    eligibility: '户口在学校学生集体户、办理退学或休学手续的学生。',
    materials: [{ name: '学校退学或休学审批文件' }, { name: '本人居民身份证' }, { name: '学生证' }],
    process: ['网上填写迁往地址（一般为原籍）并提交', '户籍办公室审核', '开具户口迁移证', '领取迁移证'],
    timeLimit: '5个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT_MOVE,
    notes: ['休学学生可选择保留户口在校，复学后无需重新迁入'],
  },
  {
    code: 'qianchu-move-out',
    title: '其他原因迁出',
    eligibility: '户口在学校集体户、因投靠亲属、购房落户等其他原因迁出的人员。',
    materials: [{ name: '本人居民身份证' }, { name: '迁入地准予迁入证明或房屋产权证明' }, { name: '与迁出原因相关的证明材料' }],
    process: ['网上填写迁出原因和迁往地址', '户籍办公室审核', '开具户口迁移证', '领取迁移证'],
    timeLimit: '5个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT_MOVE,
    notes: ['本市内迁移可直接到迁入地派出所办理'],
  },
  {
    code: 'qyzyq',
    title: '迁移证延期',
    eligibility: '已领取户口迁移证、因故未能在有效期内落户的人员。',
    materials: [{ name: '原户口迁移证' }, { name: '本人居民身份证' }, { name: '未能按期落户的情况说明' }],
    process: ['网上提交延期申请', '户籍办公室审核后报派出所', '办理迁移证延期', '领取延期后的迁移证'],
    timeLimit: '3个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT_MOVE,
    notes: ['迁移证过期后请尽快办理，以免影响落户'],
  },
  {
    code: 'qyzbg',
    title: '迁移证地址变更',
    eligibility: '已办理户口迁出、需要变更迁移证上迁往地址的人员（地址已锁定的毕业生不能办理）。',
    materials: [{ name: '原户口迁移证' }, { name: '本人居民身份证' }, { name: '新迁往地的接收证明或准予迁入证明' }],
    process: ['网上填写新的迁往地址', '户籍办公室审核后报派出所', '重新开具户口迁移证', '领取新的迁移证'],
    timeLimit: '3个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT_MOVE,
    notes: ['毕业生地址为锁定状态的，无法修改户口迁出地址'],
  },
  {
    code: 'qykbb',
    title: '迁移证补办',
    eligibility: '户口迁移证遗失或损坏、尚未落户的人员。',
    materials: [{ name: '本人居民身份证' }, { name: '迁移证遗失情况说明（本人签字）' }, { name: '损坏的，交回原迁移证', required: false }],
    process: ['网上提交补办申请', '户籍办公室审核后报派出所核查', '补发户口迁移证', '领取迁移证'],
    timeLimit: '10个工作日',
    place: OFFICE,
    hours: HOURS,
    fee: '免费',
    contact: CONTACT_MOVE,
    notes: ['补发的迁移证有效期重新计算'],
  },
];

/* ------------------------------------------------------------ demo accounts */

const HK_ADDRESS = '北京市海淀区示范大学集体户';
const CAMPUS_STATION = '110108510000';

/** Demo password (letters + digits, 8+ characters). */
export const demoPassword = 'Demo@2026';

/** One account per person type (rylb 0,1,2,3,4,5,7) plus one staff account with an scfc warning. */
export const demoAccounts: readonly DemoAccount[] = [
  {
    id: 1,
    rylb: '0',
    loginType: '0',
    phone: '13800138001',
    xh: '2023010156',
    gzzh: null,
    xm: '张思远',
    xbm: '1',
    mzm: '01',
    csrq: '2005-05-12',
    sfzjh: '320102200505120315',
    jg: '江苏省南京市',
    password: demoPassword,
    hkIn: true,
    hyzkm: '10',
    zhxlm: '61',
    dwh: '005',
    scfc: '0',
    scfcmessage: null,
    familyOfId: null,
    household: {
      hh: '510000101',
      hkmc: '示范大学学生集体户',
      hklx: '集体户',
      address: HK_ADDRESS,
      policeStationId: CAMPUS_STATION,
      yhzgx: null,
      qrrq: '2023-09-12',
      qrlb: '学生入学',
      qcd: '江苏省南京市玄武区',
      status: '在册',
      bookletStatus: '在库',
    },
  },
  {
    id: 2,
    rylb: '1',
    loginType: '1',
    phone: '13800138002',
    xh: '2024210342',
    gzzh: null,
    xm: '李雨桐',
    xbm: '2',
    mzm: '03',
    csrq: '2001-09-23',
    sfzjh: '430104200109230027',
    jg: '湖南省长沙市',
    password: demoPassword,
    hkIn: true,
    hyzkm: '10',
    zhxlm: '21',
    dwh: '007',
    scfc: '0',
    scfcmessage: null,
    familyOfId: null,
    household: {
      hh: '510000101',
      hkmc: '示范大学学生集体户',
      hklx: '集体户',
      address: HK_ADDRESS,
      policeStationId: CAMPUS_STATION,
      yhzgx: null,
      qrrq: '2024-09-10',
      qrlb: '学生入学',
      qcd: '湖南省长沙市岳麓区',
      status: '在册',
      bookletStatus: '在库',
    },
  },
  {
    id: 3,
    rylb: '2',
    loginType: '2',
    phone: '13800138003',
    xh: '2022310089',
    gzzh: null,
    xm: '王浩然',
    xbm: '1',
    mzm: '01',
    csrq: '1998-03-07',
    sfzjh: '370102199803070153',
    jg: '山东省济南市',
    password: demoPassword,
    hkIn: true,
    hyzkm: '10',
    zhxlm: '14',
    dwh: '003',
    scfc: '0',
    scfcmessage: null,
    familyOfId: null,
    household: {
      hh: '510000101',
      hkmc: '示范大学学生集体户',
      hklx: '集体户',
      address: HK_ADDRESS,
      policeStationId: CAMPUS_STATION,
      yhzgx: null,
      qrrq: '2022-09-08',
      qrlb: '学生入学',
      qcd: '山东省济南市历下区',
      status: '在册',
      bookletStatus: '借出',
    },
  },
  {
    id: 4,
    rylb: '3',
    loginType: '3',
    phone: '13800138004',
    xh: null,
    gzzh: '2024800123',
    xm: '陈静怡',
    xbm: '2',
    mzm: '01',
    csrq: '1993-11-30',
    sfzjh: '42010619931130024X',
    jg: '湖北省武汉市',
    password: demoPassword,
    hkIn: true,
    hyzkm: '10',
    zhxlm: '11',
    dwh: '004',
    scfc: '0',
    scfcmessage: null,
    familyOfId: null,
    household: {
      hh: '510000103',
      hkmc: '示范大学博士后集体户',
      hklx: '集体户',
      address: HK_ADDRESS,
      policeStationId: CAMPUS_STATION,
      yhzgx: null,
      qrrq: '2024-07-18',
      qrlb: '博士后进站',
      qcd: '湖北省武汉市武昌区',
      status: '在册',
      bookletStatus: '在库',
    },
  },
  {
    id: 5,
    rylb: '4',
    loginType: '4',
    phone: '13800138005',
    xh: null,
    gzzh: '2012100045',
    xm: '刘建国',
    xbm: '1',
    mzm: '01',
    csrq: '1982-06-15',
    sfzjh: '110108198206150337',
    jg: '北京市',
    password: demoPassword,
    hkIn: true,
    hyzkm: '20',
    zhxlm: '11',
    dwh: '002',
    scfc: '0',
    scfcmessage: null,
    familyOfId: null,
    household: {
      hh: '510000102',
      hkmc: '示范大学教职工集体户',
      hklx: '集体户',
      address: HK_ADDRESS,
      policeStationId: CAMPUS_STATION,
      yhzgx: '02',
      qrrq: '2012-08-01',
      qrlb: '工作调入',
      qcd: '北京市海淀区',
      status: '在册',
      bookletStatus: '在库',
    },
  },
  {
    id: 6,
    rylb: '5',
    loginType: '5',
    phone: '13800138006',
    xh: null,
    gzzh: null,
    xm: '赵敏',
    xbm: '2',
    mzm: '11',
    csrq: '1984-02-08',
    sfzjh: '130102198402080423',
    jg: '河北省石家庄市',
    password: demoPassword,
    hkIn: true,
    hyzkm: '20',
    zhxlm: '21',
    dwh: null,
    scfc: '0',
    scfcmessage: null,
    familyOfId: 5,
    household: {
      hh: '510000102',
      hkmc: '示范大学教职工集体户',
      hklx: '集体户',
      address: HK_ADDRESS,
      policeStationId: CAMPUS_STATION,
      yhzgx: '12',
      qrrq: '2014-03-20',
      qrlb: '家属随迁',
      qcd: '河北省石家庄市长安区',
      status: '在册',
      bookletStatus: '在库',
    },
  },
  {
    id: 7,
    rylb: '7',
    loginType: '7',
    phone: '13800138007',
    xh: '2026010356',
    gzzh: null,
    xm: '周子涵',
    xbm: '1',
    mzm: '01',
    csrq: '2008-08-19',
    sfzjh: '510104200808190175',
    jg: '四川省成都市',
    password: demoPassword,
    hkIn: false,
    hyzkm: '10',
    zhxlm: '61',
    dwh: '001',
    scfc: '0',
    scfcmessage: null,
    familyOfId: null,
    household: {
      hh: '510000101',
      hkmc: '示范大学学生集体户',
      hklx: '集体户',
      address: HK_ADDRESS,
      policeStationId: CAMPUS_STATION,
      yhzgx: null,
      qrrq: null,
      qrlb: '学生入学',
      qcd: '四川省成都市锦江区',
      status: '待迁入',
      bookletStatus: '无',
    },
  },
  {
    id: 8,
    rylb: '4',
    loginType: '4',
    phone: '13800138008',
    xh: null,
    gzzh: '2005100017',
    xm: '孙立华',
    xbm: '1',
    mzm: '01',
    csrq: '1979-03-21',
    sfzjh: '110108197903210513',
    jg: '北京市',
    password: demoPassword,
    hkIn: true,
    hyzkm: '20',
    zhxlm: '11',
    dwh: '008',
    scfc: '1',
    scfcmessage:
      '您已在本市取得自有住房，根据《示范大学集体户口管理规定》，请于2027年3月31日前将户口迁出学校教职工集体户。逾期未迁出的，将暂停办理借用户口卡等集体户口相关业务。如有疑问请联系户籍办公室010-68920101。',
    familyOfId: null,
    household: {
      hh: '510000102',
      hkmc: '示范大学教职工集体户',
      hklx: '集体户',
      address: HK_ADDRESS,
      policeStationId: CAMPUS_STATION,
      yhzgx: '02',
      qrrq: '2005-07-15',
      qrlb: '工作调入',
      qcd: '北京市西城区',
      status: '在册',
      bookletStatus: '在库',
    },
  },
  {
    // A 2026 graduate whose registration has left (a finished graduate move-out, see demoMoveOuts).
    id: 9,
    rylb: '2',
    loginType: '2',
    phone: '13800138009',
    xh: '2020310046',
    gzzh: null,
    xm: '吴雨晨',
    xbm: '2',
    mzm: '01',
    csrq: '1999-04-12',
    sfzjh: '320102199904120421',
    jg: '江苏省南京市',
    password: demoPassword,
    hkIn: false,
    hyzkm: '10',
    zhxlm: '11',
    dwh: '005',
    scfc: '0',
    scfcmessage: null,
    familyOfId: null,
    household: {
      hh: '510000101',
      hkmc: '示范大学学生集体户',
      hklx: '集体户',
      address: HK_ADDRESS,
      policeStationId: CAMPUS_STATION,
      yhzgx: null,
      qrrq: '2020-09-08',
      qrlb: '学生入学',
      qcd: '江苏省南京市秦淮区',
      status: '已迁出',
      bookletStatus: '在库',
    },
  },
];

/* -------------------------------------------------- collective households */

export interface CollectiveHousehold {
  /** Who moves into it: students (新生迁入), staff (教职工迁入 and their families), post-doctoral fellows. */
  readonly key: 'student' | 'staff' | 'postdoc';
  /** 户号 */
  readonly hh: string;
  /** 户名 (the household head of a collective household is its name) */
  readonly name: string;
  readonly address: string;
  readonly policeStationId: string;
  /** 立户日期 */
  readonly registeredOn: string;
  /** Photo of the stamped head page (户主页) under server/db/seed-data/files/ */
  readonly headPagePhoto: string;
}

/** The university's collective households, in which every move-in lands. */
export const collectiveHouseholds: readonly CollectiveHousehold[] = [
  {
    key: 'student',
    hh: '510000101',
    name: '示范大学学生集体户',
    address: HK_ADDRESS,
    policeStationId: CAMPUS_STATION,
    registeredOn: '1998-09-01',
    headPagePhoto: 'jitihu-shouye-xuesheng.jpg',
  },
  {
    key: 'staff',
    hh: '510000102',
    name: '示范大学教职工集体户',
    address: HK_ADDRESS,
    policeStationId: CAMPUS_STATION,
    registeredOn: '1998-09-01',
    headPagePhoto: 'jitihu-shouye-jiaozhigong.jpg',
  },
  {
    key: 'postdoc',
    hh: '510000103',
    name: '示范大学博士后集体户',
    address: HK_ADDRESS,
    policeStationId: CAMPUS_STATION,
    registeredOn: '2003-07-01',
    headPagePhoto: 'jitihu-shouye-boshihou.jpg',
  },
];

/* ------------------------------------------------------ demo family members */

/** Family members registered with a staff member (rylb 5, no sign-in of their own). */
export interface DemoFamilyMember {
  readonly familyOfId: number;
  readonly xm: string;
  readonly xbm: '1' | '2';
  readonly mzm: string;
  readonly csrq: string;
  readonly sfzjh: string;
  readonly jg: string;
  readonly household: HouseholdRecord;
}

export const demoFamilyMembers: readonly DemoFamilyMember[] = [
  {
    familyOfId: 5,
    xm: '刘子轩',
    xbm: '1',
    mzm: '01',
    csrq: '2012-04-06',
    sfzjh: '110108201204060033',
    jg: '北京市',
    household: {
      hh: '510000102',
      hkmc: '示范大学教职工集体户',
      hklx: '集体户',
      address: HK_ADDRESS,
      policeStationId: CAMPUS_STATION,
      yhzgx: '20',
      qrrq: '2012-05-10',
      qrlb: '出生登记',
      qcd: '北京市海淀区',
      status: '在册',
      bookletStatus: '在库',
    },
  },
  {
    familyOfId: 5,
    xm: '王秀兰',
    xbm: '2',
    mzm: '01',
    csrq: '1956-10-02',
    sfzjh: '110102195610020022',
    jg: '北京市',
    household: {
      hh: '510000102',
      hkmc: '示范大学教职工集体户',
      hklx: '集体户',
      address: HK_ADDRESS,
      policeStationId: CAMPUS_STATION,
      yhzgx: '52',
      qrrq: '2016-09-01',
      qrlb: '家属随迁',
      qcd: '北京市西城区',
      status: '在册',
      bookletStatus: '在库',
    },
  },
];

/* ----------------------------------------------------- demo finished move-outs */

/** A finished move-out of a demo account, with the migration certificate it got. */
export interface DemoMoveOut {
  readonly accountId: number;
  readonly sub: 'graduate';
  readonly daysAgo: number;
  /** The QianchuAnswers as submitted. */
  readonly answers: Readonly<Record<string, unknown>>;
  /** The destination follows the employment dispatch (迁移证地址变更 refused: 毕业生地址为锁定状态). */
  readonly addressLocked: boolean;
}

export const demoMoveOuts: readonly DemoMoveOut[] = [
  {
    accountId: 9,
    sub: 'graduate',
    daysAgo: 10,
    answers: {
      sub: 'graduate',
      qwdq: { code: '320102', name: '江苏省/南京市/玄武区' },
      qwxxdz: '中山路100号南京示范科技有限公司集体户',
      qwpcs: '新街口派出所',
      qcyy: '毕业就业（派遣）',
      jsdw: '南京示范科技有限公司',
      lqfs: '0',
      lxdh: '13800138009',
    },
    addressLocked: true,
  },
];
