import type { ReactNode } from 'react';
import { AppLink } from './app-link';

export interface CellsProps {
  title?: ReactNode;
  /** Text under the group. */
  tips?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A WeUI cell group with an optional title. */
export function Cells({ title, tips, children, className }: CellsProps) {
  return (
    <section class={['weui-cells__group', className].filter(Boolean).join(' ')}>
      {title && <h2 class="weui-cells__title">{title}</h2>}
      <div class="weui-cells">{children}</div>
      {tips && <div class="weui-cells__tips">{tips}</div>}
    </section>
  );
}

export interface CellProps {
  label: ReactNode;
  value?: ReactNode;
  /** Makes the cell a link (with the access arrow). */
  href?: string;
  onClick?: () => void;
  icon?: ReactNode;
}

/** One row: label on the left, value on the right; a link or a button when it leads somewhere. */
export function Cell({ label, value, href, onClick, icon }: CellProps) {
  const body = (
    <>
      {icon && <div class="weui-cell__hd app-cell__icon">{icon}</div>}
      <div class="weui-cell__bd">{label}</div>
      {value !== undefined && value !== null && <div class="weui-cell__ft">{value}</div>}
      {(href || onClick) && value === undefined && <div class="weui-cell__ft" />}
    </>
  );
  if (href) {
    return (
      <AppLink href={href} class="weui-cell weui-cell_active weui-cell_access">
        {body}
      </AppLink>
    );
  }
  if (onClick) {
    return (
      <button type="button" class="weui-cell weui-cell_active weui-cell_access app-cell__button" onClick={onClick}>
        {body}
      </button>
    );
  }
  return <div class="weui-cell">{body}</div>;
}
