import { LinkButton } from '@/components/ui/button';
import { RefusalPage } from '@/components/ui/refusal-page';
import type { Refusal } from './service-screen';

/** Why a service cannot be started now, with where to go on instead. */
export default function ServiceRefusal({ refusal }: { refusal: Refusal }) {
  return (
    <RefusalPage title={refusal.title} description={refusal.description}>
      {refusal.link && <LinkButton href={refusal.link[0]}>{refusal.link[1]}</LinkButton>}
    </RefusalPage>
  );
}
