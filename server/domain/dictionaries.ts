// Which dictionaries the office maintains in the console, and the names it knows them by (pure data, no imports).

/** Dictionaries the office maintains; every other type (national code lists, tables the program relies on) is read-only. */
export const EDITABLE_DICTS: Record<string, string> = {
  qh_identity_reason: '身份证办理事由',
  qh_hkk_reason: '户口卡借用事由',
  qh_hkk_kd: '借用户口卡领取方式（快递）',
  qh_hjzm_type: '户籍证明类型',
  qh_hjzm_kd: '户籍证明领取方式（快递）',
  qh_zm_reason_c: '无犯罪记录证明开具事由',
  qh_zm_reason_n: '无违法证明开具事由',
  qh_zxhk_reason: '注销户口事由',
  qh_qc_reason: '迁出原因',
  qh_qtbs_type: '其他业务类型',
  qh_change_type: '其他信息变更类型',
  qh_delivery_slot: '配送时段',
  qh_express: '快递公司（寄出，含物流查询页）',
  dw_jwYx: '院系（教务）',
  dw_rsYx: '单位（人事）',
  dw_gljs: '管理与教辅单位',
};

export const READ_ONLY_DICTS: Record<string, string> = {
  qh_rylb: '人员类别',
  qh_gender: '性别',
  qh_maritalStatus: '婚姻状况',
  qh_yhzgx: '与户主关系（随迁家属）',
  qh_notice_type: '消息类型',
  qh_sfz_blfs: '身份证办理方式（对应预约名额）',
  gb_relation: '家庭关系（GB/T 4761）',
  gb_mz: '民族（GB/T 3304）',
  gb_xb: '性别（GB/T 2261.1）',
  gb_hyzk: '婚姻状况（GB/T 2261.2）',
  gb_xl: '学历（GB/T 4658）',
};

export const READ_ONLY_DICT_MSG = '该字典为国家标准代码或系统字典，不能修改';

/** A dictionary's name for the console (its type when it has none). */
export const dictionaryName = (type: string) => EDITABLE_DICTS[type] ?? READ_ONLY_DICTS[type] ?? type;

export const isEditableDictionary = (type: string) => type in EDITABLE_DICTS;
