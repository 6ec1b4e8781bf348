import { LinkButton } from '@/components/ui/button';
import { RefusalPage } from '@/components/ui/refusal-page';

/** Why the user cannot start a service now (told instead of the guide and the form). */
export interface Refusal {
  title: string;
  /** What to do about it (default: ask the office). */
  description?: string;
  /** A route to go on with instead, and its button. */
  link?: [href: string, label: string];
}

/** Why a service cannot be started now, with where to go on instead. */
export default function ServiceRefusal({ refusal }: { refusal: Refusal }) {
  return (
    <RefusalPage title={refusal.title} description={refusal.description}>
      {refusal.link && <LinkButton href={refusal.link[0]}>{refusal.link[1]}</LinkButton>}
    </RefusalPage>
  );
}
