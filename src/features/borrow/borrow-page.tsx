import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useSearch } from 'wouter';
import { ServiceScreen } from '@/components/service-form/service-screen';
import { editIdOf } from '@/components/service-form/step';
import { $session } from '@/state/session';
import { $borrowCount, loadBorrowCount } from './borrow-count';

/** services.md: told before the user starts (the server refuses with code 100 as well). */
const NOT_AT_SCHOOL = '您不在校，无法借用户口卡';
const NO_BORROWS_LEFT = '本年度借用次数已用完';

const form = () => import('./borrow-form');

/** 借用户口卡: its guide, or why no loan can be asked now; the form (borrow-form) is fetched while the guide is read. */
export default function BorrowPage() {
  const { userInfo } = useStore($session);
  const count = useStore($borrowCount);
  const editing = editIdOf(new URLSearchParams(useSearch())) !== null;
  useEffect(() => {
    void loadBorrowCount();
    // Read afresh at each visit: nothing stale is shown while it loads.
    return () => $borrowCount.set(undefined);
  }, []);
  const away = userInfo?.hkIn === false;
  // A correction of a loan already counted is not refused for the count.
  const refusal = away ? NOT_AT_SCHOOL : !editing && count?.remaining === 0 ? NO_BORROWS_LEFT : null;
  return (
    <ServiceScreen
      serviceCode="hkkjy"
      form={form}
      formProps={{}}
      ready={away || count !== undefined}
      refusal={refusal ? { title: refusal } : null}
    />
  );
}
