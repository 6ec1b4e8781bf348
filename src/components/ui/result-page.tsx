import './result-page.css';
import type { ReactNode } from 'react';

export interface ResultPageProps {
  type?: 'success' | 'warn' | 'info';
  title: string;
  description?: ReactNode;
  /** Buttons or links. */
  children?: ReactNode;
}

const paths = {
  success: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  warn: 'M11 7h2v7h-2zm0 9h2v2h-2z',
  info: 'M11 10h2v7h-2zm0-4h2v2h-2z',
};

/** A full-page outcome (done, failed, not found) in the WeUI message-page layout. */
export function ResultPage({ type = 'info', title, description, children }: ResultPageProps) {
  return (
    <div class="app-result">
      <div class={`app-result__icon app-result__icon_${type}`} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40">
          <path fill="currentColor" d={paths[type]} />
        </svg>
      </div>
      <h2 class="app-result__title">{title}</h2>
      {description && <div class="app-result__desc">{description}</div>}
      {children && <div class="app-result__actions">{children}</div>}
    </div>
  );
}
