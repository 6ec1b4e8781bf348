import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { ROUTER_BASE } from '@shared/pages/paths';
import { navigate } from '@/lib/nav';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'role'> {
  /** App path, e.g. paths.my.href(). */
  href: string;
  replace?: boolean;
}

/** A link inside the app: a real <a href> (long-press, new tab) that navigates through the guard. */
export function AppLink({ href, replace, onClick, children, ...rest }: AppLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    (onClick as ((e: MouseEvent<HTMLAnchorElement>) => void) | undefined)?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void navigate(href, { replace });
  };
  return (
    <a {...rest} href={ROUTER_BASE + href} onClick={handleClick}>
      {children}
    </a>
  );
}
