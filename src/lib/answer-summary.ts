// The summary of an application's answers (made by the server: labels and readable values) in its parts.
import type { Schemas } from '@/api/types';

type Item = Schemas['AnswerSummaryItem'];

export interface SummaryGroup {
  /** The part's title (本人信息, 随迁家属1, 迁移证, 邮寄信息); null for the main answers. */
  title: string | null;
  items: Item[];
}

/** Consecutive rows of one part together, in the server's order. */
export function summaryGroups(items: readonly Item[]): SummaryGroup[] {
  const groups: SummaryGroup[] = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && last.title === item.group) last.items.push(item);
    else groups.push({ title: item.group, items: [item] });
  }
  return groups;
}
