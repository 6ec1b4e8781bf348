import { TabBar } from '@/components/ui/tab-bar';
import { paths, tabs } from '@shared/pages/paths';
import { navigate } from '@/lib/nav';

const icons: Record<string, string> = {
  home: 'M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z',
  applyList: 'M6 2h9l5 5v15H6zm8 1.5V8h4.5M9 12h8M9 16h8',
  my: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9c0-4 3.6-7 8-7s8 3 8 7',
};

const items = tabs.map((route) => ({
  href: paths[route].href(),
  label: paths[route].title,
  icon: (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round">
      <path d={icons[route]} />
    </svg>
  ),
}));

/** The three tabs of spec §2; switching replaces the route. */
export default function AppTabBar({ path }: { path: string }) {
  const current = items.find((i) => path === i.href || path.startsWith(i.href + '/'))?.href;
  return <TabBar items={items} current={current} onSelect={(href) => void navigate(href, { replace: true })} />;
}
