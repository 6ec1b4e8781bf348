import type { ReactNode } from 'react';
import { paths } from '@shared/pages/paths';
import { navigateApp } from '@/lib/nav';
import { LinkButton } from './button';
import { ResultPage } from './result-page';

export interface RefusalPageProps {
  /** Why the service cannot be started (the server's words). */
  title: string;
  /** What to do about it (default: ask the office). */
  description?: ReactNode;
  /** Where the person can go instead (e.g. 办理家属随迁), shown first. */
  children?: ReactNode;
}

/** Back where the person came from, or home when the screen was opened directly (a shared link, a reload). */
export function goBack(): void {
  if (history.length > 1) history.back();
  else navigateApp(paths.home.href(), { replace: true });
}

/** A service that cannot be started now: why, what to do instead, and always a way back (返回, 回到首页). */
export function RefusalPage({ title, description, children }: RefusalPageProps) {
  return (
    <ResultPage type="warn" title={title} description={description ?? '如有疑问，请联系户籍办公室。'}>
      {children}
      <LinkButton href={paths.home.href()} variant={children ? 'default' : 'primary'} replace>
        回到首页
      </LinkButton>
      <button type="button" class="weui-btn weui-btn_default" onClick={goBack}>
        返回
      </button>
    </ResultPage>
  );
}
