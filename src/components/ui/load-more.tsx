import { Button } from './button';

/** 加载更多 under a paged list (usePagedList), while rows remain to load. */
export function LoadMore({ shown, total, loading, onMore }: { shown: number; total: number; loading: boolean; onMore: () => void }) {
  if (shown >= total) return null;
  return (
    <div class="app-actions">
      <Button variant="default" loading={loading} onClick={onMore}>
        加载更多
      </Button>
    </div>
  );
}
