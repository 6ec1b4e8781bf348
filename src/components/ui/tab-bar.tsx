import type { ReactNode } from 'react';
import { ROUTER_BASE } from '@shared/pages/paths';

export interface TabItem {
  href: string;
  label: string;
  icon: ReactNode;
}

export interface TabBarProps {
  items: TabItem[];
  /** href of the current tab. */
  current?: string;
  onSelect: (href: string) => void;
  label?: string;
}

/** The WeUI bottom tab bar (z-index >= 99, above the safe-area inset). */
export function TabBar({ items, current, onSelect, label = '主导航' }: TabBarProps) {
  return (
    <nav class="weui-tabbar app-tabbar" aria-label={label}>
      {items.map((item) => {
        const on = item.href === current;
        return (
          <a
            key={item.href}
            href={ROUTER_BASE + item.href}
            class={['weui-tabbar__item', on && 'weui-bar__item_on'].filter(Boolean).join(' ')}
            aria-current={on ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault();
              if (!on) onSelect(item.href);
            }}
          >
            <span class="weui-tabbar__icon" aria-hidden="true">
              {item.icon}
            </span>
            <span class="weui-tabbar__label">{item.label}</span>
          </a>
        );
      })}
    </nav>
  );
}
