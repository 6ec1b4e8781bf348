/**
 * National standard code lists (pure data, no imports).
 *
 * - ethnicGroups: GB/T 3304-1991 《中国各民族名称的罗马字母拼写法和代码》, numeric codes 01–56
 * - ethnicGroupExtras: the two extra codes used by public-security systems alongside GB/T 3304
 * - genders: GB/T 2261.1-2003 《个人基本信息分类与代码 第1部分：人的性别代码》
 * - maritalStatuses: GB/T 2261.2-2003 《… 第2部分：婚姻状况代码》
 * - educationLevels: GB/T 4658-2006 《学历代码》 (two levels; level-1 rows are category headings)
 */

export interface CodeName {
  /** 代码 */
  readonly code: string;
  /** 名称 */
  readonly name: string;
}

export interface EducationLevel extends CodeName {
  /** 1 = 类别 (heading, not normally selectable), 2 = 具体学历 */
  readonly level: 1 | 2;
  /** code of the level-1 heading for level-2 rows, null for headings */
  readonly parent: string | null;
}

/** GB/T 3304-1991: the 56 ethnic groups, code '01' 汉族 … '56' 基诺族. */
export const ethnicGroups: readonly CodeName[] = [
  { code: '01', name: '汉族' },
  { code: '02', name: '蒙古族' },
  { code: '03', name: '回族' },
  { code: '04', name: '藏族' },
  { code: '05', name: '维吾尔族' },
  { code: '06', name: '苗族' },
  { code: '07', name: '彝族' },
  { code: '08', name: '壮族' },
  { code: '09', name: '布依族' },
  { code: '10', name: '朝鲜族' },
  { code: '11', name: '满族' },
  { code: '12', name: '侗族' },
  { code: '13', name: '瑶族' },
  { code: '14', name: '白族' },
  { code: '15', name: '土家族' },
  { code: '16', name: '哈尼族' },
  { code: '17', name: '哈萨克族' },
  { code: '18', name: '傣族' },
  { code: '19', name: '黎族' },
  { code: '20', name: '傈僳族' },
  { code: '21', name: '佤族' },
  { code: '22', name: '畲族' },
  { code: '23', name: '高山族' },
  { code: '24', name: '拉祜族' },
  { code: '25', name: '水族' },
  { code: '26', name: '东乡族' },
  { code: '27', name: '纳西族' },
  { code: '28', name: '景颇族' },
  { code: '29', name: '柯尔克孜族' },
  { code: '30', name: '土族' },
  { code: '31', name: '达斡尔族' },
  { code: '32', name: '仫佬族' },
  { code: '33', name: '羌族' },
  { code: '34', name: '布朗族' },
  { code: '35', name: '撒拉族' },
  { code: '36', name: '毛南族' },
  { code: '37', name: '仡佬族' },
  { code: '38', name: '锡伯族' },
  { code: '39', name: '阿昌族' },
  { code: '40', name: '普米族' },
  { code: '41', name: '塔吉克族' },
  { code: '42', name: '怒族' },
  { code: '43', name: '乌孜别克族' },
  { code: '44', name: '俄罗斯族' },
  { code: '45', name: '鄂温克族' },
  { code: '46', name: '德昂族' },
  { code: '47', name: '保安族' },
  { code: '48', name: '裕固族' },
  { code: '49', name: '京族' },
  { code: '50', name: '塔塔尔族' },
  { code: '51', name: '独龙族' },
  { code: '52', name: '鄂伦春族' },
  { code: '53', name: '赫哲族' },
  { code: '54', name: '门巴族' },
  { code: '55', name: '珞巴族' },
  { code: '56', name: '基诺族' },
];

/** Extra codes kept apart from the 56 groups (appended to the 民族 picker after them). */
export const ethnicGroupExtras: readonly CodeName[] = [
  { code: '97', name: '其他' },
  { code: '98', name: '外国血统中国籍人士' },
];

/**
 * GB/T 2261.1-2003 人的性别代码, named as a form shows them (the standard's 男性, 女性… read 男, 女 beside the
 * details and 我的户籍; migration 0014 renames them in a database seeded before).
 */
export const genders: readonly CodeName[] = [
  { code: '0', name: '未知' },
  { code: '1', name: '男' },
  { code: '2', name: '女' },
  { code: '9', name: '未说明' },
];

/** GB/T 2261.2-2003 婚姻状况代码 (20 已婚 is the heading of 21/22/23). */
export const maritalStatuses: readonly CodeName[] = [
  { code: '10', name: '未婚' },
  { code: '20', name: '已婚' },
  { code: '21', name: '初婚' },
  { code: '22', name: '再婚' },
  { code: '23', name: '复婚' },
  { code: '30', name: '丧偶' },
  { code: '40', name: '离婚' },
  { code: '90', name: '未说明的婚姻状况' },
];

/**
 * GB/T 4658-2006 学历代码 (39 entries).
 * Note: the 2006 standard has a single heading 20 大学本科/专科教育 covering 21–28 and 31–33
 * (there is no heading 30), and its residual code is 90 其他 (not 99).
 */
export const educationLevels: readonly EducationLevel[] = [
  { code: '10', name: '研究生教育', level: 1, parent: null },
  { code: '11', name: '博士研究生毕业', level: 2, parent: '10' },
  { code: '12', name: '博士研究生结业', level: 2, parent: '10' },
  { code: '13', name: '博士研究生肄业', level: 2, parent: '10' },
  { code: '14', name: '硕士研究生毕业', level: 2, parent: '10' },
  { code: '15', name: '硕士研究生结业', level: 2, parent: '10' },
  { code: '16', name: '硕士研究生肄业', level: 2, parent: '10' },
  { code: '17', name: '研究生班毕业', level: 2, parent: '10' },
  { code: '18', name: '研究生班结业', level: 2, parent: '10' },
  { code: '19', name: '研究生班肄业', level: 2, parent: '10' },
  { code: '20', name: '大学本科/专科教育', level: 1, parent: null },
  { code: '21', name: '大学本科毕业', level: 2, parent: '20' },
  { code: '22', name: '大学本科结业', level: 2, parent: '20' },
  { code: '23', name: '大学本科肄业', level: 2, parent: '20' },
  { code: '28', name: '大学普通班毕业', level: 2, parent: '20' },
  { code: '31', name: '大学专科毕业', level: 2, parent: '20' },
  { code: '32', name: '大学专科结业', level: 2, parent: '20' },
  { code: '33', name: '大学专科肄业', level: 2, parent: '20' },
  { code: '40', name: '中等职业教育', level: 1, parent: null },
  { code: '41', name: '中等专科毕业', level: 2, parent: '40' },
  { code: '42', name: '中等专科结业', level: 2, parent: '40' },
  { code: '43', name: '中等专科肄业', level: 2, parent: '40' },
  { code: '44', name: '职业高中毕业', level: 2, parent: '40' },
  { code: '45', name: '职业高中结业', level: 2, parent: '40' },
  { code: '46', name: '职业高中肄业', level: 2, parent: '40' },
  { code: '47', name: '技工学校毕业', level: 2, parent: '40' },
  { code: '48', name: '技工学校结业', level: 2, parent: '40' },
  { code: '49', name: '技工学校肄业', level: 2, parent: '40' },
  { code: '60', name: '普通高级中学教育', level: 1, parent: null },
  { code: '61', name: '普通高中毕业', level: 2, parent: '60' },
  { code: '62', name: '普通高中结业', level: 2, parent: '60' },
  { code: '63', name: '普通高中肄业', level: 2, parent: '60' },
  { code: '70', name: '初级中学教育', level: 1, parent: null },
  { code: '71', name: '初中毕业', level: 2, parent: '70' },
  { code: '73', name: '初中肄业', level: 2, parent: '70' },
  { code: '80', name: '小学教育', level: 1, parent: null },
  { code: '81', name: '小学毕业', level: 2, parent: '80' },
  { code: '83', name: '小学肄业', level: 2, parent: '80' },
  { code: '90', name: '其他', level: 1, parent: null },
];
