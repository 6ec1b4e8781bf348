import type { ReactNode } from 'react';
import { Cell, Cells } from '@/components/ui/cells';
import { paths, type RouteKey } from '@shared/pages/paths';

export interface ServiceIndexProps {
  /** The services, each with a line saying what it is for. */
  services: { key: RouteKey; note: string }[];
  title?: string;
  /** Shown under the list (e.g. the user's applications of these services). */
  children?: ReactNode;
}

/** An index of services (证明开具, 信息变更): each with its title and what it is for. */
export function ServiceIndex({ services, title = '请选择要办理的业务', children }: ServiceIndexProps) {
  return (
    <div class="app-page">
      <Cells title={title}>
        {services.map((s) => (
          <Cell
            key={s.key}
            href={paths[s.key].href()}
            label={
              <>
                {paths[s.key].title}
                <span class="app-muted" style={{ display: 'block' }}>
                  {s.note}
                </span>
              </>
            }
          />
        ))}
      </Cells>
      {children}
    </div>
  );
}
