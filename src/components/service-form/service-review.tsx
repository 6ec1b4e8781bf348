import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { ServiceFormFlow } from './use-service-form';

export interface ReviewItem {
  /** Form field the 修改 button returns to. */
  name: string;
  label: string;
  value: ReactNode;
  /** Heading of a group of answers (consecutive items with the same group share it). */
  group?: string;
}

export interface ServiceReviewProps {
  flow: ServiceFormFlow;
  items: ReviewItem[];
}

/** 核对信息: every answer with 修改, then 确认提交 (disabled while sending). */
export default function ServiceReview({ flow, items }: ServiceReviewProps) {
  const groups: { title?: string; items: ReviewItem[] }[] = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && last.title === item.group) last.items.push(item);
    else groups.push({ title: item.group, items: [item] });
  }
  return (
    <div class="app-page">
      <p class="app-page__intro">请核对您填写的信息，确认无误后提交。</p>
      {groups.map((group) => (
        <section key={group.items[0].name} class="weui-cells__group">
          {group.title && <h2 class="weui-cells__title">{group.title}</h2>}
          <dl class="weui-cells">
            {group.items.map((item) => (
              <div class="weui-cell sf-review" key={item.name}>
                <dt class="sf-review__label">{item.label}</dt>
                <dd class="weui-cell__bd sf-review__value">
                  <span>{item.value || <span class="app-muted">未填写</span>}</span>
                  <button type="button" class="sf-review__edit" aria-label={`修改${item.label}`} onClick={() => flow.edit(item.name)}>
                    修改
                  </button>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {flow.notice && (
        <p class="sf-notice" role="alert">
          {flow.notice}
        </p>
      )}
      <div class="app-actions">
        <Button loading={flow.pending} onClick={() => void flow.submit()}>
          确认提交
        </Button>
      </div>
    </div>
  );
}
