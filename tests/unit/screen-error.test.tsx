import { expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/preact';
import { App } from '@/app/app';
import { sampleUser, stubFetch } from './helpers';

vi.mock('@/features/contact/contact-page', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

it('offers a reload when a screen cannot be loaded', async () => {
  localStorage.setItem('userInfo', JSON.stringify(sampleUser));
  stubFetch({});
  history.replaceState(null, '', '/web/contact-information');
  render(<App />);
  expect((await screen.findByRole('alert')).textContent).toContain('页面加载失败，请检查网络后重试');
  expect(screen.getByRole('button', { name: '重新加载' })).not.toBeNull();
});
