// Refusal screens lead somewhere (issue 9): why, what to do instead, and always 回到首页 and 返回.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import MoveInFormPage from '@/features/move-in/move-in-form-page';
import { stubFetch } from './helpers';
import { user } from './features/migration-helpers';
import { appUrl, renderScreen } from './features/service-helpers';

const postDoc = user({ xm: '陈静怡', rylb: '3', xh: null, gzzh: '2024800123', hkIn: true });
const staff = user({ xm: '刘建国', rylb: '4', xh: null, gzzh: '2012100045', hkIn: true });

describe('move-in refusals', () => {
  it('a post-doc registered at school: 无需迁入, then home or back', async () => {
    stubFetch({});
    renderScreen('/move-in-dr', <MoveInFormPage />, postDoc);
    expect(await screen.findByRole('heading', { name: '您的户口已在本校，无需迁入' })).not.toBeNull();
    expect(screen.getByRole('button', { name: '返回' })).not.toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '回到首页' }));
    await waitFor(() => expect(appUrl()).toBe('/home'));
  });

  it('返回 goes back to the screen before', async () => {
    stubFetch({});
    history.replaceState(null, '', '/web/move-in');
    history.pushState(null, '', '/web/move-in-dr');
    renderScreen('/move-in-dr', <MoveInFormPage />, postDoc);
    fireEvent.click(await screen.findByRole('button', { name: '返回' }));
    await waitFor(() => expect(appUrl()).toBe('/move-in'));
  });

  it('a staff member at school: the way forward (家属随迁) first, home and back after it', async () => {
    stubFetch({});
    renderScreen('/move-in-staff', <MoveInFormPage />, staff);
    await screen.findByRole('heading', { name: '您的户口已在本校，无需迁入' });
    const actions = [...document.querySelectorAll('.app-result__actions > *')].map((e) => e.textContent);
    expect(actions).toEqual(['办理家属随迁', '回到首页', '返回']);
    expect(screen.getByRole('link', { name: '回到首页' }).className).toContain('weui-btn_default');
  });
});
