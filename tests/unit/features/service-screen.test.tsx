// The service screen (components/service-form/service-screen.tsx): the guide or the refusal without the form's code,
// the form fetched once the guide is shown, and the later steps straight to the form.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/preact';
import { ServiceScreen } from '@/components/service-form/service-screen';
import { stubFetch } from '../helpers';
import { guideOf } from './service-fixtures';
import { appUrl, press, renderScreen, unmountAll } from './service-helpers';

function Form({ note }: { note: string }) {
  return <p>the form: {note}</p>;
}

/** A form module whose fetch the test sees (and can hold back). */
function formModule() {
  let release: () => void = () => {};
  const held = new Promise<void>((done) => (release = done));
  const load = vi.fn(() => held.then(() => ({ default: Form })));
  return { load, release };
}

describe('ServiceScreen', () => {
  it('shows the guide without the form, fetches the form once the guide is shown, and 开始办理 opens it', async () => {
    stubFetch({ 'GET /api/guide/demo': guideOf('demo', '示例业务') });
    const { load, release } = formModule();
    renderScreen('/borrow?bslx=1', <ServiceScreen serviceCode="demo" form={load} formProps={{ note: 'ready' }} />);
    const historyBefore = history.length;
    expect(load).not.toHaveBeenCalled();
    expect(await screen.findByText('示例业务 · 办事指南')).not.toBeNull();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // Tapped before the form is in: the button says it is loading, and a second tap does nothing more.
    press('开始办理');
    press('开始办理');
    expect(screen.getByRole('button', { name: '开始办理' }).getAttribute('aria-busy')).toBe('true');
    expect(appUrl()).toBe('/borrow?bslx=1');
    release();
    expect(await screen.findByText('the form: ready')).not.toBeNull();
    // The query is kept (a change type chosen on /info, a move-out verdict).
    expect(appUrl()).toBe('/borrow?bslx=1&step=form');
    expect(history.length).toBe(historyBefore + 1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('opens the form at once when it came while the guide was read; a tap after leaving opens nothing', async () => {
    stubFetch({ 'GET /api/guide/demo': guideOf('demo', '示例业务') });
    const { load, release } = formModule();
    renderScreen('/borrow', <ServiceScreen serviceCode="demo" form={load} formProps={{ note: 'at once' }} />);
    await screen.findByText('示例业务 · 办事指南');
    press('开始办理');
    // The user goes back before the form is in: nothing pulls them to the form afterwards.
    history.replaceState(null, '', '/web/home');
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: '开始办理' }).getAttribute('aria-busy')).toBeNull());
    expect(appUrl()).toBe('/home');
  });

  it('says 继续办理 when a draft of the service is saved', async () => {
    stubFetch({ 'GET /api/guide/demo': guideOf('demo', '示例业务') });
    localStorage.setItem('draft:demo:7', JSON.stringify({ values: { a: '1' }, key: 'k'.repeat(32), at: Date.now() }));
    renderScreen('/borrow', <ServiceScreen serviceCode="demo" form={formModule().load} formProps={{ note: '' }} />);
    expect(await screen.findByRole('button', { name: '继续办理' })).not.toBeNull();
    expect(screen.getByText('已保存您上次填写的内容')).not.toBeNull();
  });

  it('tells a refusal instead of the guide, with where to go on, and never fetches the form', async () => {
    const fetch = stubFetch({ 'GET /api/guide/demo': guideOf('demo', '示例业务') });
    const { load } = formModule();
    renderScreen(
      '/borrow',
      <ServiceScreen
        serviceCode="demo"
        form={load}
        formProps={{ note: '' }}
        refusal={{ title: '暂不能办理', description: '请先办理另一项业务。', link: ['/web/move-in-staff', '办理教职工迁入'] }}
      />,
    );
    expect(await screen.findByRole('heading', { name: '暂不能办理' })).not.toBeNull();
    expect(screen.getByText('请先办理另一项业务。')).not.toBeNull();
    expect(screen.getByRole('link', { name: '办理教职工迁入' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: '开始办理' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows nothing while the refusal is decided', () => {
    const fetch = stubFetch({});
    renderScreen('/borrow', <ServiceScreen serviceCode="demo" form={formModule().load} formProps={{ note: '' }} ready={false} />);
    expect(document.body.textContent).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('opens a later step on the form at once (a reload, a correction), and the confirmation despite a refusal', async () => {
    const { load, release } = formModule();
    release();
    renderScreen('/borrow?edit=1&id=5', <ServiceScreen serviceCode="demo" form={load} formProps={{ note: 'edit' }} />);
    expect(await screen.findByText('the form: edit')).not.toBeNull();
    expect(screen.queryByText(/办事指南/)).toBeNull();
    await unmountAll();
    renderScreen(
      '/borrow?step=done&id=5&sqbh=HJ1',
      <ServiceScreen serviceCode="demo" form={load} formProps={{ note: 'done' }} refusal={{ title: '本年度借用次数已用完' }} />,
    );
    expect(await screen.findByText('the form: done')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: '本年度借用次数已用完' })).toBeNull();
  });
});
