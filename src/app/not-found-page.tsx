import { ResultPage } from '@/components/ui/result-page';
import { paths } from '@shared/pages/paths';
import { LinkButton } from '@/components/ui/button';

/** Shown for any path without a screen. */
export default function NotFoundPage() {
  return (
    <ResultPage type="info" title="页面不存在" description="您访问的页面不存在或暂未开放。">
      <LinkButton href={paths.home.href()} replace>
        返回首页
      </LinkButton>
    </ResultPage>
  );
}
