// 人员类别: which campus identifier each person type has (a rule of the product; the console may relabel the
// types through dictionary qh_rylb, never change what they mean).

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

export const personTypes: readonly PersonType[] = [
  { rylb: '0', label: '本科生', identifier: 'xh', identifierLabel: '学号' },
  { rylb: '1', label: '硕士研究生', identifier: 'xh', identifierLabel: '学号' },
  { rylb: '2', label: '博士研究生', identifier: 'xh', identifierLabel: '学号' },
  { rylb: '3', label: '博士后', identifier: 'gzzh', identifierLabel: '工作证号' },
  { rylb: '4', label: '教职工', identifier: 'gzzh', identifierLabel: '工作证号' },
  { rylb: '5', label: '教职工家属', identifier: 'none', identifierLabel: null },
  { rylb: '7', label: '本科新生', identifier: 'xh', identifierLabel: '学号' },
];
