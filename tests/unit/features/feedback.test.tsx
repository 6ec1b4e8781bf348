import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/preact';
import FeedbackAddPage from '@/features/feedback/feedback-add-page';
import FeedbackPage from '@/features/feedback/feedback-page';
import MyPage from '@/features/my/my-page';
import { json, requestsTo, stubFetch, type Reply } from '../helpers';
import { NETWORK_NOTICE, SESSION_NOTICE } from '@/components/service-form/outcome';
import { appUrl, field, fill, press, renderScreen, unmountAll } from './service-helpers';

const question = (id: number, answered: boolean) => ({
  id,
  bt: `问题${id}`,
  nr: '集体户口页怎么复印？\n需要带什么？',
  zt: answered ? '1' : '0',
  ztmc: answered ? '已回复' : '待回复',
  tjsj: '2026-11-20T10:00:00+08:00',
  hfnr: answered ? '带身份证到户籍办。' : null,
  hfsj: answered ? '2026-11-21T09:00:00+08:00' : null,
  sfgk: false,
});

describe('问答反馈', () => {
  it('lists my questions, 待回复 until answered, each opening its detail; 常见问答 asks for the public ones', async () => {
    const fetch = stubFetch({
      'GET /api/qhqt/qtyhfk/list': (r: Request) =>
        new URL(r.url).searchParams.get('scope') === 'public'
          ? json({ code: 200, rows: [], total: 0 })
          : json({ code: 200, rows: [question(2, true), question(1, false)], total: 2 }),
    });
    renderScreen('/feedback', <FeedbackPage />);
    const first = await screen.findByRole('link', { name: /问题2/ });
    expect(first.getAttribute('href')).toBe('/web/feedback/2');
    expect(first.textContent).toContain('已回复');
    expect(screen.getByRole('link', { name: /问题1/ }).textContent).toContain('待回复');
    expect(screen.getByRole('link', { name: '我要提问' }).getAttribute('href')).toBe('/web/feedback/add');
    press('常见问答');
    expect(await screen.findByText('暂无公开的问答')).not.toBeNull();
    expect(new URL(requestsTo(fetch, '/api/qhqt/qtyhfk/list')[1].url).searchParams.get('scope')).toBe('public');
    expect(appUrl()).toBe('/feedback?scope=public');
  });

  it('shows a question with 待回复 until staff answer, then the answer', async () => {
    stubFetch({ 'GET /api/qhqt/qtyhfk/detail/1': { code: 200, data: question(1, false) } });
    const view = renderScreen('/feedback/1', <FeedbackPage id="1" />);
    expect(await screen.findByRole('heading', { name: '问题1' })).not.toBeNull();
    expect(screen.getByText(/待回复。工作人员回复后/)).not.toBeNull();
    view.unmount();
    stubFetch({ 'GET /api/qhqt/qtyhfk/detail/2': { code: 200, data: question(2, true) } });
    renderScreen('/feedback/2', <FeedbackPage id="2" />);
    expect(await screen.findByText('带身份证到户籍办。')).not.toBeNull();
    expect(screen.getByText('已回复')).not.toBeNull();
  });

  it("says so when the question is not one's own or does not exist", async () => {
    stubFetch({ 'GET /api/qhqt/qtyhfk/detail/9': json({ code: 404, msg: '问题不存在' }, 404) });
    renderScreen('/feedback/9', <FeedbackPage id="9" />);
    expect(await screen.findByText('问题不存在')).not.toBeNull();
  });

  it('is linked from 我的户籍', () => {
    stubFetch({});
    renderScreen('/my', <MyPage />);
    expect(screen.getByRole('link', { name: '问答反馈' }).getAttribute('href')).toBe('/web/feedback');
  });
});

describe('我要提问', () => {
  function routes(add: Reply) {
    let n = 0;
    return stubFetch({
      'GET /api/qhqt/qtyhfkyzm/yycimg': () => {
        n += 1;
        return json({ code: 200, data: { uuid: `u${n}`, img: `data:image/svg+xml;base64,${btoa(String(n))}` } });
      },
      'POST /api/qhqt/qtyhfk/add': add,
    });
  }
  async function fillQuestion(code = 'ab12') {
    renderScreen('/feedback/add', <FeedbackAddPage />);
    await screen.findByRole('img', { name: '图形验证码' });
    fill('标题', '户口页复印');
    fill('问题内容', '集体户口页怎么复印？');
    fill('图形验证码', code);
  }

  it('asks title, question and the image code with their messages; the picture refreshes on tap', async () => {
    const fetch = routes({ code: 200, data: question(61, false) });
    renderScreen('/feedback/add', <FeedbackAddPage />);
    expect(await screen.findByRole('img', { name: '图形验证码' })).not.toBeNull();
    press('提交');
    await waitFor(() => {
      const text = screen.getByRole('alert', { name: '请检查以下内容' }).textContent ?? '';
      for (const m of ['请填写标题', '请填写问题内容', '请输入图形验证码']) expect(text).toContain(m);
    });
    expect(requestsTo(fetch, '/api/qhqt/qtyhfk/add')).toHaveLength(0);
    press('看不清？换一张图形验证码');
    await waitFor(() => expect(requestsTo(fetch, '/api/qhqt/qtyhfkyzm/yycimg')).toHaveLength(2));
  });

  it('submits once from the form, double tap or not, then shows the question (待回复)', async () => {
    const fetch = routes({ code: 200, data: question(61, false) });
    await fillQuestion();
    press('提交');
    press('提交');
    await waitFor(() => expect(appUrl()).toBe('/feedback/61'));
    const sent = requestsTo(fetch, '/api/qhqt/qtyhfk/add');
    expect(sent).toHaveLength(1);
    expect(sent[0].headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(await sent[0].json()).toEqual({ bt: '户口页复印', nr: '集体户口页怎么复印？', code: 'ab12', uuid: 'u1' });
    expect(localStorage.getItem('draft:feedback:7')).toBeNull();
  });

  it('sends the optional contact phone, and refuses a malformed one with the spec message', async () => {
    const fetch = routes({ code: 200, data: question(62, false) });
    await fillQuestion();
    fill('联系电话', '12345');
    press('提交');
    expect(await screen.findAllByText('手机号格式错误')).not.toHaveLength(0);
    expect(requestsTo(fetch, '/api/qhqt/qtyhfk/add')).toHaveLength(0);
    fill('联系电话', '13912345678');
    press('提交');
    await waitFor(() => expect(appUrl()).toBe('/feedback/62'));
    const [sent] = requestsTo(fetch, '/api/qhqt/qtyhfk/add');
    expect(await sent.json()).toMatchObject({ lxdh: '13912345678' });
  });

  it('a wrong or expired code is asked again, with a new picture and the typing kept', async () => {
    let wrong = true;
    const fetch = routes(() => (wrong ? json({ code: 100, msg: '验证码错误或已过期' }) : json({ code: 200, data: question(62, false) })));
    await fillQuestion('zzzz');
    press('提交');
    await waitFor(() => expect(screen.getByRole('alert', { name: '请检查以下内容' }).textContent).toContain('验证码错误或已过期'));
    expect(field('图形验证码').value).toBe('');
    expect(field('标题').value).toBe('户口页复印');
    await waitFor(() => expect(requestsTo(fetch, '/api/qhqt/qtyhfkyzm/yycimg')).toHaveLength(2));
    // The person types what the new picture shows.
    await waitFor(() => expect(screen.getByRole('img', { name: '图形验证码' }).getAttribute('src')).toContain(btoa('2')));
    wrong = false;
    fill('图形验证码', 'ab12');
    press('提交');
    await waitFor(() => expect(appUrl()).toBe('/feedback/62'));
    const [first, second] = requestsTo(fetch, '/api/qhqt/qtyhfk/add');
    expect((await second.json()).uuid).toBe('u2');
    // A new picture's code: a new attempt, with a key of its own.
    expect(second.headers.get('Idempotency-Key')).not.toBe(first.headers.get('Idempotency-Key'));
  });

  it('after a lost connection says so and keeps the typing, also across a reload', async () => {
    let calls = 0;
    const fetch = routes(() => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json({ code: 200, data: question(63, false) });
    });
    await fillQuestion();
    press('提交');
    expect(await screen.findByText(NETWORK_NOTICE)).not.toBeNull();
    expect(field('问题内容').value).toBe('集体户口页怎么复印？');
    // A reload: the typing comes back (the image code does not: it belonged to the picture shown then).
    await unmountAll();
    renderScreen('/feedback/add', <FeedbackAddPage />);
    expect(await screen.findByText('已恢复您上次填写的内容')).not.toBeNull();
    await screen.findByRole('img', { name: '图形验证码' });
    expect(field('标题').value).toBe('户口页复印');
    expect(field('图形验证码').value).toBe('');
    fill('图形验证码', 'ab12');
    press('提交');
    await waitFor(() => expect(appUrl()).toBe('/feedback/63'));
    const [first, second] = requestsTo(fetch, '/api/qhqt/qtyhfk/add');
    // The body changed (a new picture's code), so the key is new: the server refuses a key reused with another body.
    expect((await second.json()).uuid).toBe('u2');
    expect(second.headers.get('Idempotency-Key')).not.toBe(first.headers.get('Idempotency-Key'));
  });

  it('a retry of the same question after no answer sends the same key (one question, whatever reached the server)', async () => {
    let calls = 0;
    const fetch = routes(() => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json({ code: 200, data: question(64, false) });
    });
    await fillQuestion();
    press('提交');
    expect(await screen.findByText(NETWORK_NOTICE)).not.toBeNull();
    press('提交');
    await waitFor(() => expect(appUrl()).toBe('/feedback/64'));
    const [first, second] = requestsTo(fetch, '/api/qhqt/qtyhfk/add');
    expect(second.headers.get('Idempotency-Key')).toBe(first.headers.get('Idempotency-Key'));
  });

  it('after a 401 says that signing in again keeps the typing', async () => {
    routes(json({ code: 401, msg: '登录已过期' }, 401));
    await fillQuestion();
    press('提交');
    expect(await screen.findByText(SESSION_NOTICE)).not.toBeNull();
    await waitFor(() => expect(JSON.parse(localStorage.getItem('draft:feedback:7') ?? '{}').values?.nr).toBe('集体户口页怎么复印？'));
  });
});
