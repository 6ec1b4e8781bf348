import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { AppLink } from './app-link';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'size' | 'loading'> {
  variant?: 'primary' | 'default' | 'warn';
  size?: 'normal' | 'medium' | 'mini';
  /** Shows a spinner, sets aria-busy and disables the button (a double tap never submits twice). */
  loading?: boolean;
}

/**
 * Each class written whole: login.html and home.html inline the rules whose class names occur in their scripts
 * (scripts/vite-plugin-shell-html.ts), so a name put together at run time would have no rule at the first paint.
 */
const VARIANT_CLASS = { primary: 'weui-btn_primary', default: 'weui-btn_default', warn: 'weui-btn_warn' };
const SIZE_CLASS = { normal: '', medium: 'weui-btn_medium', mini: 'weui-btn_mini' };

/** WeUI button with loading and disabled states (spec §4). */
export function Button({
  variant = 'primary',
  size = 'normal',
  loading = false,
  disabled = false,
  type = 'button',
  className,
  class: cls,
  children,
  ...rest
}: ButtonProps) {
  const inactive = disabled || loading;
  const classes = [
    'weui-btn',
    VARIANT_CLASS[variant],
    SIZE_CLASS[size],
    loading && 'weui-btn_loading',
    inactive && 'weui-btn_disabled',
    className,
    cls,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button {...rest} type={type} class={classes} disabled={inactive} aria-busy={loading || undefined}>
      {loading && <i class="app-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

export interface LinkButtonProps {
  href: string;
  variant?: 'primary' | 'default' | 'warn';
  replace?: boolean;
  children: ReactNode;
}

/** A link that looks like a WeUI button (navigation, not an action). */
export function LinkButton({ href, variant = 'primary', replace, children }: LinkButtonProps) {
  return (
    <AppLink href={href} replace={replace} class={`weui-btn ${VARIANT_CLASS[variant]}`}>
      {children}
    </AppLink>
  );
}

/** A form's submit row: its one main button, busy (and not tappable again) while the form is sending. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <div class="app-actions">
      <Button type="submit" loading={pending}>
        {children}
      </Button>
    </div>
  );
}
