// Forms on phones (issue 9, item 15) and the new student's move-in (item 4): limits while typing, counters, pasted
// text that does not fit, placeholders, thumbnails, the error summary's wording, the delivery rule, gender lists,
// Back after a submit, and the ID number of the new student.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import doc from '../../../openapi/dist/openapi.json';
import * as limits from '@shared/contract/limits';
import { genderOptions } from '@/components/service-fields/genders';
import { TextArea } from '@/components/service-fields/text-area';
import { Form } from '@/components/ui/form';
import { FileUploader, type UploadedFile } from '@/components/service-fields/file-uploader';
import { FormField, TextField } from '@/components/ui/form-field';
import HrCardPage from '@/features/certif/hr-card-page';
import MoveInFormPage from '@/features/move-in/move-in-form-page';
import ProveFormPage from '@/features/prove/prove-form-page';
import { $sectors } from '@/stores/sectors';
import { $toast } from '@/state/ui';
import { requestsTo, stubFetch, type Reply } from '../helpers';
import { guideOf, pickFile, stubUpload, summaryOf, toReview, uploaded } from './service-fixtures';
import { appUrl, field, fill, press, renderForm, renderScreen } from './service-helpers';
import { draft, files, user } from './migration-helpers';

type Schema = { $ref?: string; maxLength?: number; properties?: Record<string, Schema> };
const schemas = (doc as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas;
const resolve = (s: Schema | undefined): Schema | undefined => (s?.$ref ? resolve(schemas[s.$ref.split('/').pop()!]) : s);
/** maxLength of a property of a component schema in the contract. */
const documented = (schema: string, property: string) => {
  const p = schemas[schema]?.properties?.[property];
  return p?.maxLength ?? resolve(p)?.maxLength;
};

/** Every text control of the page: [name, maxLength] (-1 when the attribute is missing). */
const textControls = () =>
  Array.from(
    document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type]), input[type=text], input[type=tel], textarea'),
  )
    .filter((el) => !el.readOnly)
    .map((el) => [el.name, el.maxLength] as const);

describe('length limits from the contract, while typing', () => {
  it('the generated table holds the maxLength of the document for every field', () => {
    for (const [schema, fields] of Object.entries(limits)) {
      if (!schemas[schema]) continue; // an operation's inline body
      for (const [name, max] of Object.entries(fields)) expect(max, `${schema}.${name}`).toBe(documented(schema, name));
    }
    expect(limits.Delivery.ssl).toBe(30);
    expect(limits.HjzmkjAnswers.yt).toBe(200);
  });

  it('no service form types a limit by hand: each comes from shared/contract/limits.ts', () => {
    const dirs = ['borrow', 'certif', 'change', 'feedback', 'move-in', 'move-out', 'other', 'prove'].map((d) => join('src/features', d));
    dirs.push('src/components/service-form', 'src/components/service-fields');
    const offenders: string[] = [];
    for (const dir of dirs) {
      for (const name of readdirSync(dir).filter((f) => f.endsWith('.tsx'))) {
        const text = readFileSync(join(dir, name), 'utf8');
        for (const m of text.matchAll(/maxLength=\{\d+\}|maxLength: \d+|(?:text|area)\(flow, '[^']+', '[^']+', \d+/g))
          offenders.push(`${dir}/${name}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('用途 is a text with its counter and the contract’s 200, nothing cut silently; every text of the form is bounded', async () => {
    stubFetch({
      'POST /api/daily/hjzmkj/typelist': { code: 200, data: [{ dictLabel: '户籍信息证明', dictValue: '1' }] },
      'POST /api/daily/hjzmkj/kdlist': {
        code: 200,
        data: [
          { dictLabel: '现场领取', dictValue: '0' },
          { dictLabel: '顺丰', dictValue: '1' },
        ],
      },
    });
    await renderForm('/prove/hr-issued?step=form', <ProveFormPage />);
    await screen.findByRole('option', { name: '户籍信息证明' });
    const yt = field<HTMLTextAreaElement>('用途');
    expect(yt.tagName).toBe('TEXTAREA');
    expect(yt.maxLength).toBe(documented('HjzmkjAnswers', 'yt'));
    expect(screen.getByText('0/200')).not.toBeNull();
    fill('用途', '办理护照');
    expect(screen.getByText('4/200')).not.toBeNull();
    fill('用途', '护'.repeat(200));
    expect(screen.getByText('200/200').className).toContain('app-counter_full');
    fill('领取方式', '1');
    await screen.findByLabelText(/^宿舍楼号/);
    // The delivery's fields carry the wire's names.
    for (const [name, max] of textControls()) {
      const expected = name.startsWith('yjxx.') ? documented('Delivery', name.slice(5)) : documented('HjzmkjAnswers', name);
      expect(max, name).toBe(expected);
    }
  });

  it('a paste longer than the room left is said (announced), not cut silently', async () => {
    stubFetch({ 'POST /api/daily/hjzmkj/typelist': { code: 200, data: [{ dictLabel: '户籍信息证明', dictValue: '1' }] } });
    await renderForm('/prove/hr-issued?step=form', <ProveFormPage />);
    await screen.findByRole('option', { name: '户籍信息证明' });
    fill('接收单位', '北京市');
    const input = field('接收单位');
    const paste = (text: string) => {
      const event = new Event('paste', { bubbles: true });
      Object.defineProperty(event, 'clipboardData', { value: { getData: () => text } });
      act(() => {
        input.setSelectionRange(3, 3);
        input.dispatchEvent(event);
      });
    };
    paste('某'.repeat(97));
    expect($toast.get()).toBeNull();
    paste('某'.repeat(98));
    expect($toast.get()?.message).toBe(`粘贴的内容超过${documented('HjzmkjAnswers', 'jsdw')}字，超出部分未填入`);
  });
});

describe('placeholders', () => {
  it('a text says 请输入 and its label unless it has a better hint; read-only and dates say nothing', () => {
    render(
      <>
        <TextField label="毕业院校" name="byyx" value="" onValue={() => {}} />
        <TextField label="相片回执号" name="xphzh" value="" onValue={() => {}} placeholder="选填" />
        <TextField label="当前学历" name="current" value="本科" onValue={() => {}} readOnly />
        <TextField label="应还日期" name="ghrq" type="date" value="" onValue={() => {}} />
        <TextArea label="补办原因" name="bbyy" value="" onValue={() => {}} maxLength={200} />
      </>,
    );
    expect(field('毕业院校').placeholder).toBe('请输入毕业院校');
    expect(field('相片回执号').placeholder).toBe('选填');
    expect(field('当前学历').getAttribute('placeholder')).toBeNull();
    expect(field('应还日期').getAttribute('placeholder')).toBeNull();
    expect(field<HTMLTextAreaElement>('补办原因').placeholder).toBe('请输入补办原因');
  });
});

describe('the error summary', () => {
  it('names the field of a bare 请选择 (the region of spec §5); other messages stay as they are', async () => {
    render(
      <Form id="f" onSubmit={() => {}} errors={{ 'yjxx.qu': '请选择', 'yjxx.xxdz': '请填写您的详细地址' }} focusKey={1}>
        <FormField label="所在地区" name="yjxx.qu" error="请选择" required>
          {(control) => <button type="button" {...control} />}
        </FormField>
        <FormField label="详细地址" name="yjxx.xxdz" error="请填写您的详细地址" required>
          {(control) => <input {...control} />}
        </FormField>
      </Form>,
    );
    const summary = screen.getByRole('alert', { name: '请检查以下内容' });
    await waitFor(() => expect(summary.textContent).toContain('请选择所在地区'));
    expect(screen.getByRole('link', { name: '请选择所在地区' }).getAttribute('href')).toBe('#f-yjxx.qu');
    expect(screen.getByRole('link', { name: '请填写您的详细地址' })).not.toBeNull();
    // Beside the field the spec's own word stays.
    expect(document.getElementById('f-yjxx.qu-error')?.textContent).toBe('请选择');
  });
});

describe('uploads', () => {
  const image: UploadedFile = { ...uploaded('f_img', '户口卡首页.jpg'), mimeType: 'image/jpeg' };

  it('show an image as its thumbnail (the compressed file), a PDF by its name, each with a remove button', async () => {
    stubUpload(image as ReturnType<typeof uploaded>);
    let current: UploadedFile[] = [];
    const onChange = (next: UploadedFile[]) => {
      current = next;
    };
    const { rerender } = render(<FileUploader label="材料" files={current} onChange={onChange} id="up" />);
    pickFile(document.getElementById('up-input')!, new File(['jpg'], '户口卡首页.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(current).toHaveLength(1));
    const pdf: UploadedFile = { ...uploaded('f_pdf', '学历证明.pdf'), mimeType: 'application/pdf' };
    rerender(<FileUploader label="材料" files={[...current, pdf]} onChange={onChange} id="up" />);
    const thumb = screen.getByRole('img', { name: '户口卡首页.jpg' }) as HTMLImageElement;
    expect(thumb.src).toMatch(/^blob:/);
    expect(screen.getByText('学历证明.pdf')).not.toBeNull();
    expect(screen.queryByRole('img', { name: '学历证明.pdf' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '删除 户口卡首页.jpg' }));
    expect(current.map((f) => f.fileId)).toEqual(['f_pdf']);
    expect(screen.getByRole('button', { name: '删除 学历证明.pdf' })).not.toBeNull();
  });

  it('read back the thumbnail of an image uploaded before (a draft, a correction), with the token', async () => {
    const fetch = stubFetch({
      'GET /api/wj/file/f_old': () =>
        new Response(new Blob(['jpg'], { type: 'image/jpeg' }), { headers: { 'Content-Type': 'image/jpeg' } }),
    });
    const old: UploadedFile = { ...uploaded('f_old', '迁移证.jpg'), mimeType: 'image/jpeg' };
    renderScreen('/', <FileUploader label="迁移证" files={[old]} onChange={() => {}} />);
    const thumb = (await screen.findByRole('img', { name: '迁移证.jpg' })) as HTMLImageElement;
    expect(thumb.src).toMatch(/^blob:/);
    expect(requestsTo(fetch, '/api/wj/file/f_old')[0].headers.get('qhyhAuthorization')).toBe('Bearer tok-1');
  });
});

describe('the delivery form', () => {
  const routes = (extra: Record<string, Reply> = {}) =>
    stubFetch({ 'GET /api/guide/hkkbb': guideOf('hkkbb', '户口卡补办'), 'POST /api/daily/hkkbb/add': summaryOf('hkkbb'), ...extra });

  it('asks the dormitory building only when mailing to the dormitory, not to a home address', async () => {
    const fetch = routes();
    sessionStorage.setItem(
      'address:choice',
      JSON.stringify({ form: 'hkkbb', field: 'yjxx', codes: ['110000', '110108'], names: ['北京市', '海淀区'] }),
    );
    draft('hkkbb', { attachments: files('h1') });
    await renderForm('/certif/hr-card?step=form', <HrCardPage />);
    fill('补办原因', '户口卡遗失');
    fill('联系电话', '13800138001');
    fill('领取方式', '1');
    await screen.findByLabelText(/^宿舍楼号/);
    expect(field<HTMLSelectElement>('寄送地址').value).toBe('0');
    press('下一步');
    await waitFor(() => expect(screen.getByRole('alert', { name: '请检查以下内容' }).textContent).toContain('请填写您的宿舍楼号'));
    fill('寄送地址', '1');
    expect(screen.queryByLabelText(/^宿舍楼号/)).toBeNull();
    expect(field('详细地址').placeholder).toBe('街道、小区、楼栋及门牌号');
    fill('派送日期', '2026-12-01');
    fill('派送时间', '0');
    fill('派送电话', '13800138001');
    fill('收件人电话', '13800138001');
    fill('详细地址', '中关村大街1号3单元501');
    await toReview();
    expect(screen.getByText('家庭住址等校外地址')).not.toBeNull();
    expect(screen.queryByText('宿舍楼号')).toBeNull();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    const { yjxx } = await requestsTo(fetch, '/api/daily/hkkbb/add')[0].json();
    expect(yjxx).toMatchObject({ dzlx: '1', xxdz: '中关村大街1号3单元501', ssq: { code: '110108' } });
    expect(yjxx).not.toHaveProperty('ssl');
  });
});

describe('Back after a successful submit', () => {
  it('shows the confirmation again, not the filled form; the guide starts a new, empty application', async () => {
    const fetch = stubFetch({ 'GET /api/guide/hkkbb': guideOf('hkkbb', '户口卡补办'), 'POST /api/daily/hkkbb/add': summaryOf('hkkbb') });
    draft('hkkbb', { attachments: files('h1') });
    renderScreen('/certif/hr-card', <HrCardPage />);
    await screen.findByText('户口卡补办 · 办事指南');
    press('继续办理');
    fill('补办原因', '户口卡遗失');
    fill('联系电话', '13800138001');
    await toReview();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    expect(appUrl()).toMatch(/step=done/);
    const back = () =>
      act(async () => {
        history.back();
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    await back();
    // The form's entry: its attempt was submitted, so its confirmation shows (and the address says so).
    await waitFor(() => expect(appUrl()).toMatch(/step=done/));
    expect(screen.getByText('提交成功')).not.toBeNull();
    expect(screen.getByText('HJ20261121000051')).not.toBeNull();
    expect(screen.queryByLabelText(/^补办原因/)).toBeNull();
    expect(localStorage.getItem('draft:hkkbb:7')).toBeNull();
    await back();
    expect(await screen.findByText('户口卡补办 · 办事指南')).not.toBeNull();
    press('开始办理');
    expect(field<HTMLTextAreaElement>('补办原因').value).toBe('');
    expect(requestsTo(fetch, '/api/daily/hkkbb/add')).toHaveLength(1);
  });
});

describe('gender lists (GB/T 2261.1)', () => {
  it('lead with 男, 女; 未知的性别 and 未说明的性别 follow only where they mean something', () => {
    const all = [
      { value: '0', label: '未知的性别' },
      { value: '1', label: '男性' },
      { value: '2', label: '女性' },
      { value: '9', label: '未说明的性别' },
    ];
    expect(genderOptions(all).map((o) => o.label)).toEqual(['男性', '女性']);
    expect(genderOptions(all, true).map((o) => o.label)).toEqual(['男性', '女性', '未知的性别', '未说明的性别']);
  });
});

describe('新生迁入: the ID number, the police station', () => {
  const DAY = 86_400_000;
  const dicts: Record<string, Reply> = {
    'POST /api/dict/getAllXb': {
      code: 200,
      data: [
        { xbm: '0', xbmc: '未知的性别' },
        { xbm: '1', xbmc: '男' },
        { xbm: '2', xbmc: '女' },
        { xbm: '9', xbmc: '未说明的性别' },
      ],
    },
    'POST /api/dict/getMz': { code: 200, data: [{ mzm: '01', mzmc: '汉族' }] },
    'POST /api/dict/getXueLi': { code: 200, data: [{ xlm: '61', xlmc: '普通高级中学教育', level: 2 }] },
    'POST /api/qianchu/getPcsList': { code: 200, data: [] },
    'POST /api/yingxin/add': summaryOf('yingxin', 61),
  };
  const open = () =>
    $sectors.set({
      openSectors: [{ sectorCode: '5', sectorName: '新生迁入' }],
      tips: null,
      yxStartTime: new Date(Date.now() - DAY).toISOString(),
      yxEndTime: new Date(Date.now() + DAY).toISOString(),
      loaded: true,
    });
  const student = user({ xm: '周子涵', rylb: '7', hkIn: false, sfzjh: '5101**********0175' });

  it('shows the ID number the account holds (masked, not typed again, not sent); the police station is required', async () => {
    open();
    const fetch = stubFetch(dicts);
    localStorage.setItem(
      'draft:yingxin:7',
      JSON.stringify({
        values: { 'yhkszd.qu': '510104', 'yhkszd.ssqmc': '四川省/成都市/锦江区', qyz: files('q1'), lqtzs: files('l1') },
        key: 'k'.repeat(32),
        at: Date.now(),
      }),
    );
    await renderForm('/move-in-new?step=form', <MoveInFormPage />, student);
    await screen.findByRole('option', { name: '汉族' });
    // 男, 女 only: someone with a resident ID number.
    expect(Array.from(field<HTMLSelectElement>('性别').options, (o) => o.text)).toEqual(['请选择', '男', '女']);
    const id = field('身份证件号');
    expect(id.value).toBe('5101**********0175');
    expect(id.readOnly).toBe(true);
    expect(screen.getByText(/账号登记的身份证件号，无需填写/)).not.toBeNull();
    const pcs = field('原户口派出所');
    expect(pcs.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('原户口派出所').className).toContain('app-label_required');
    expect(screen.queryByText('选填')).toBeNull();
    for (const [name, max] of textControls()) {
      const expected = name.startsWith('ryxx.') ? documented('YingxinPerson', name.slice(5)) : documented('YingxinAnswers', name);
      expect(max, name).toBe(expected);
    }
    fill('性别', '1');
    fill('民族', '01');
    fill('出生日期', '2008-08-19');
    fill('学历', '61');
    fill('迁移证编号', 'QY5101042026');
    fill('详细地址', '春熙路8号');
    fill('联系电话', '13800138007');
    press('下一步');
    await waitFor(() => expect(screen.getByRole('alert', { name: '请检查以下内容' }).textContent).toContain('请填写原户口所在地派出所'));
    fill('原户口派出所', '锦江分局春熙路派出所');
    await toReview();
    expect(screen.getByText('5101**********0175（账号登记）')).not.toBeNull();
    press('确认提交');
    expect(await screen.findByText('提交成功')).not.toBeNull();
    const body = await requestsTo(fetch, '/api/yingxin/add')[0].json();
    expect(body.ryxx).toEqual({ xm: '周子涵', xbm: '1', mzm: '01', csrq: '2008-08-19' });
    expect(body.yhkpcs).toBe('锦江分局春熙路派出所');
  });

  it('an account without an ID number types it, bounded as the contract says', async () => {
    open();
    stubFetch(dicts);
    await renderForm('/move-in-new?step=form', <MoveInFormPage />, user({ xm: '周子涵', rylb: '7', hkIn: false }));
    await screen.findByRole('option', { name: '汉族' });
    const id = field('身份证件号');
    expect(id.readOnly).toBe(false);
    expect(id.maxLength).toBe(documented('YingxinPerson', 'sfzjh'));
    expect(id.placeholder).toBe('18位居民身份证号码');
  });
});
