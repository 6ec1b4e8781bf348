/**
 * Reference lists of the 户籍 product, seeded into the dictionary tables the office maintains (pure data). The
 * rules (kinds, statuses, transitions, quotas, person types) are in server/domain.
 *
 * Shapes follow the wire where the spec names the fields (couriers: dictLabel/dictValue/switch);
 * everything else is a neutral {value, label} list that the server maps to each endpoint's field names.
 */

/* ------------------------------------------------------------------ types */

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

export interface Rating {
  readonly value: number;
  readonly label: string;
}

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

/** 满意度评价. */
export const ratings: readonly Rating[] = [
  { value: 5, label: '非常满意' },
  { value: 4, label: '满意' },
  { value: 3, label: '基本满意' },
  { value: 2, label: '不满意' },
  { value: 1, label: '非常不满意' },
];
