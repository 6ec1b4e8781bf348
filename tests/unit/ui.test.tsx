import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Cell, Cells } from '@/components/ui/cells';
import { DialogHost } from '@/components/ui/dialog';
import { ErrorSummary } from '@/components/ui/error-summary';
import { FileUploader, type UploadedFile } from '@/components/service-fields/file-uploader';
import { Form, useForm } from '@/components/ui/form';
import { Select, TextField } from '@/components/ui/form-field';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { ResultPage } from '@/components/ui/result-page';
import { TabBar } from '@/components/ui/tab-bar';
import { Toast } from '@/components/ui/toast';
import { userInfoSchema } from '@/lib/validators';
import { $stylesLoaded, alertDialog, confirmDialog, showToast, SHORT_TOAST_MS, startLoading, stopLoading, TOAST_MS } from '@/state/ui';
import { selectOption } from './helpers';

describe('Button', () => {
  it('runs its action when enabled', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>提交</Button>);
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is disabled and busy while loading, so a double tap submits once', () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        提交
      </Button>,
    );
    const button = screen.getByRole('button', { name: '提交' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('can be disabled', () => {
    render(<Button disabled>下一步</Button>);
    const button = screen.getByRole('button', { name: '下一步' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.className).toContain('weui-btn_disabled');
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });
});

describe('Toast', () => {
  it('waits, with an empty live region, until the whole stylesheet is in (login.html and home.html defer it)', () => {
    $stylesLoaded.set(false);
    try {
      render(<Toast />);
      act(() => showToast('请先登录'));
      expect(screen.getByRole('status').textContent).toBe('');
      act(() => $stylesLoaded.set(true));
      expect(screen.getByRole('status').textContent).toBe('请先登录');
    } finally {
      $stylesLoaded.set(true);
    }
  });

  it('closes after 2000 ms by default', async () => {
    vi.useFakeTimers();
    render(<Toast />);
    act(() => showToast('已保存'));
    expect(screen.getByRole('status').textContent).toBe('已保存');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TOAST_MS - 1);
    });
    expect(screen.queryByText('已保存')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.queryByText('已保存')).toBeNull();
    expect(TOAST_MS).toBe(2000);
  });

  it('closes after 1500 ms where the product says so', async () => {
    vi.useFakeTimers();
    render(<Toast />);
    act(() => showToast('请先登录', SHORT_TOAST_MS));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1499);
    });
    expect(screen.queryByText('请先登录')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.queryByText('请先登录')).toBeNull();
  });
});

describe('Alert and Confirm', () => {
  it('confirm resolves true on the confirm button', async () => {
    render(<DialogHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirmDialog({ title: '退出登录', message: '确定要退出登录吗？', confirmText: '退出' });
    });
    const dialog = screen.getByRole('dialog', { name: '退出登录' });
    expect(dialog.textContent).toContain('确定要退出登录吗？');
    fireEvent.click(screen.getByRole('button', { name: '退出' }));
    expect(await answer).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('confirm resolves false on cancel', async () => {
    render(<DialogHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirmDialog({ message: '确定吗？' });
    });
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(await answer).toBe(false);
  });

  it('alert shows its title and resolves when closed; the confirm button takes focus', async () => {
    render(<DialogHost />);
    let closed: Promise<void> | undefined;
    act(() => {
      closed = alertDialog({ title: '注意', message: '您不在校，无法迁出', confirmColor: '#791cb5' });
    });
    const dialog = screen.getByRole('alertdialog', { name: '注意' });
    expect(dialog.textContent).toContain('您不在校，无法迁出');
    const ok = screen.getByRole('button', { name: '确定' });
    expect(document.activeElement).toBe(ok);
    expect(ok.getAttribute('style')).toContain('#791cb5');
    fireEvent.click(ok);
    await expect(closed).resolves.toBeUndefined();
  });
});

describe('LoadingOverlay', () => {
  it('shows 加载中... over the page while calls run', () => {
    render(<LoadingOverlay />);
    expect(screen.queryByText('加载中...')).toBeNull();
    act(() => startLoading());
    expect(screen.getByText('加载中...')).not.toBeNull();
    expect(screen.getByTestId('loading-overlay').className).toBe('app-loading');
    act(() => stopLoading());
    expect(screen.queryByText('加载中...')).toBeNull();
  });
});

describe('forms', () => {
  function InfoForm({ onSave }: { onSave: () => Promise<void> }) {
    const form = useForm({ xm: '', rylb: '' });
    return (
      <Form id="t" label="个人信息" errors={form.errors} focusKey={form.focusKey} onSubmit={() => void form.submit(userInfoSchema, onSave)}>
        <TextField label="姓名" name="xm" value={form.values.xm} onValue={form.set('xm')} error={form.errors.xm} />
        <Select
          label="人员类型"
          name="rylb"
          value={form.values.rylb}
          onValue={form.set('rylb')}
          error={form.errors.rylb}
          options={[{ value: '0', label: '本科生' }]}
          placeholder="请选择人员类型"
        />
        <Button type="submit" loading={form.pending}>
          保存
        </Button>
      </Form>
    );
  }

  it('binds labels, shows inline errors and a summary that takes focus, keeps what was typed', async () => {
    const onSave = vi.fn(async () => {});
    render(<InfoForm onSave={onSave} />);
    fireEvent.input(screen.getByLabelText('姓名'), { target: { value: '张三' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const summary = await screen.findByRole('alert');
    await vi.waitFor(() => expect(document.activeElement).toBe(summary));
    expect(summary.textContent).toContain('请选择人员类型');
    const select = screen.getByLabelText('人员类型');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(select.getAttribute('aria-describedby')!)!.textContent).toBe('请选择人员类型');
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('张三');
    expect(onSave).not.toHaveBeenCalled();

    act(() => selectOption(select, '0'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
  });

  it('submits once however often it is tapped while pending', async () => {
    let release!: () => void;
    const onSave = vi.fn(() => new Promise<void>((r) => (release = r)));
    render(<InfoForm onSave={onSave} />);
    fireEvent.input(screen.getByLabelText('姓名'), { target: { value: '张三' } });
    act(() => selectOption(screen.getByLabelText('人员类型'), '0'));
    const form = screen.getByRole('form', { name: '个人信息' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: '保存' })).toHaveProperty('disabled', true));
    fireEvent.submit(form);
    expect(onSave).toHaveBeenCalledTimes(1);
    await act(async () => release());
  });
});

describe('ErrorSummary', () => {
  it('takes focus on each failed submit and links to the fields', () => {
    function Harness() {
      const [key, setKey] = useState(1);
      return (
        <>
          <input id="f-phone" aria-label="手机号" />
          <ErrorSummary formId="f" errors={{ phone: '手机号格式错误' }} focusKey={key} />
          <button onClick={() => setKey(key + 1)}>再次提交</button>
        </>
      );
    }
    render(<Harness />);
    const summary = screen.getByRole('alert');
    expect(document.activeElement).toBe(summary);
    fireEvent.click(screen.getByRole('link', { name: '手机号格式错误' }));
    expect(document.activeElement).toBe(screen.getByLabelText('手机号'));
    fireEvent.click(screen.getByRole('button', { name: '再次提交' }));
    expect(document.activeElement).toBe(summary);
  });
});

describe('Cells, TabBar, ResultPage', () => {
  it('renders cells with labels and values', () => {
    render(
      <Cells title="户籍信息">
        <Cell label="户号" value="110108123456" />
      </Cells>,
    );
    expect(screen.getByRole('heading', { name: '户籍信息' })).not.toBeNull();
    expect(screen.getByText('110108123456')).not.toBeNull();
  });

  it('marks the current tab and reports the others', () => {
    const onSelect = vi.fn();
    render(
      <TabBar
        current="/home"
        onSelect={onSelect}
        items={[
          { href: '/home', label: '办事服务', icon: null },
          { href: '/my', label: '我的户籍', icon: null },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: '办事服务' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('link', { name: '我的户籍' }));
    expect(onSelect).toHaveBeenCalledWith('/my');
  });

  it('shows a result page', () => {
    render(<ResultPage title="页面不存在" description="请返回首页" />);
    expect(screen.getByRole('heading', { name: '页面不存在' })).not.toBeNull();
  });
});

/** An XMLHttpRequest that answers uploads with a fixed envelope and reports progress. */
function fakeXhr(reply: unknown) {
  const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  class FakeXhr {
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    status = 0;
    statusText = '';
    responseText = '';
    onload?: () => void;
    onerror?: () => void;
    ontimeout?: () => void;
    onabort?: () => void;
    private req = { method: '', url: '', headers: {} as Record<string, string>, body: null as unknown };
    open(method: string, url: string) {
      Object.assign(this.req, { method, url });
    }
    setRequestHeader(k: string, v: string) {
      this.req.headers[k.toLowerCase()] = v;
    }
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    abort() {}
    send(body: unknown) {
      sent.push({ ...this.req, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
        this.status = 200;
        this.responseText = JSON.stringify(reply);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

function pickFiles(input: HTMLElement, files: File[]) {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('FileUploader', () => {
  it('uploads to /api/wj/upload with the bearer token and lists the file', async () => {
    localStorage.setItem('token', 'tk');
    const sent = fakeXhr({
      code: 200,
      data: { fileId: 'f_1', name: 'a.pdf', size: 4, mimeType: 'application/pdf', url: '/api/wj/file/f_1' },
    });
    function Harness() {
      const [files, setFiles] = useState<UploadedFile[]>([]);
      return <FileUploader label="户口卡首页" files={files} onChange={setFiles} max={2} />;
    }
    render(<Harness />);
    act(() => pickFiles(screen.getByLabelText('户口卡首页'), [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })]));
    expect(await screen.findByText('a.pdf')).not.toBeNull();
    expect(screen.getByText('1/2')).not.toBeNull();
    expect(sent[0].url).toMatch(/\/api\/wj\/upload$/);
    expect(sent[0].headers.qhyhauthorization).toBe('Bearer tk');
    expect((sent[0].body as FormData).get('file')).toBeInstanceOf(Blob);
  });

  it("shows the server's Chinese message", async () => {
    fakeXhr({ code: 100, msg: '仅支持上传 jpg、png、webp 格式的图片或 pdf 文件' });
    render(<FileUploader label="附件" files={[]} onChange={() => {}} />);
    act(() => pickFiles(screen.getByLabelText('附件'), [new File(['x'], 'a.txt', { type: 'text/plain' })]));
    expect((await screen.findByRole('alert')).textContent).toBe('仅支持上传 jpg、png、webp 格式的图片或 pdf 文件');
  });
});
