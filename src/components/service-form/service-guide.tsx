import './service-guide.css';
import { useEffect, useState } from 'react';
import { client, unwrap, type Schemas } from '@/api/client';
import { Cells } from '@/components/ui/cells';

type Guide = Schemas['ServiceGuide'];

const download = (kind: 'example' | 'regulation' | 'commonRegulation', fileName: string) =>
  `/common/download/${kind}?fileName=${encodeURIComponent(fileName)}`;

const telOf = (contact: string) => contact.match(/\d[\d-]{6,}\d/)?.[0];

export interface ServiceGuideProps {
  /** ServiceCode (qianchu-<sub>, qianru-<qrlx> for those). */
  serviceCode: string;
  onStart: () => void;
  /** A draft exists: the button says 继续办理. */
  resumed?: boolean;
  /** Called once the guide is shown (or could not be loaded): the screen then fetches its form. */
  onShown?: () => void;
  /** 开始办理 was tapped and the form is still loading. */
  starting?: boolean;
}

/** 办事指南 from GET /api/guide/{serviceCode}: told once and completely, then 开始办理. */
export function ServiceGuide({ serviceCode, onStart, resumed, onShown, starting }: ServiceGuideProps) {
  const [guide, setGuide] = useState<Guide | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    void unwrap(client.GET('/api/guide/{serviceCode}', { params: { path: { serviceCode } } })).then((r) => {
      if (r.ok) setGuide(r.data);
      else setFailed(true);
    });
  }, [serviceCode]);
  useEffect(() => {
    if (guide || failed) onShown?.();
    // Once shown; the callback may change with each render of the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [guide, failed]);

  const tel = guide && telOf(guide.contact);
  return (
    <div class="app-page sf-guide">
      {failed && <p class="app-empty">办事指南加载失败，您仍可开始办理。</p>}
      {guide && (
        <>
          <h2 class="sf-guide__title">{guide.title} · 办事指南</h2>
          <Cells title="办理对象">
            <p class="sf-guide__text">{guide.who}</p>
            {guide.conditions && <p class="sf-guide__text">{guide.conditions}</p>}
          </Cells>
          <Cells title="所需材料">
            <ol class="sf-guide__list">
              {guide.materials.map((m) => (
                <li key={m.name}>
                  {m.name}
                  {!m.required && <span class="app-muted">（如有）</span>}
                  {m.note && <span class="sf-guide__note">{m.note}</span>}
                  {m.example && (
                    <a class="sf-guide__link" href={download('example', m.example)}>
                      查看样例
                    </a>
                  )}
                </li>
              ))}
            </ol>
          </Cells>
          {guide.steps && guide.steps.length > 0 && (
            <Cells title="办理流程">
              <ol class="sf-guide__list">
                {guide.steps.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ol>
            </Cells>
          )}
          <Cells title="办理须知">
            <dl class="sf-guide__text">
              {(
                [
                  ['办理时限', guide.timeLimit],
                  ['办理地点', guide.place],
                  ['办理时间', guide.hours],
                  ['收费标准', guide.fees],
                  ['咨询电话', tel ? <a href={`tel:${tel}`}>{guide.contact}</a> : guide.contact],
                ] as const
              ).map(([term, text]) => (
                <div key={term} class="sf-guide__term">
                  <dt>{term}</dt>
                  <dd>{text}</dd>
                </div>
              ))}
            </dl>
          </Cells>
          {guide.regulations && guide.regulations.length > 0 && (
            <Cells title="相关规定">
              {guide.regulations.map((f) => (
                <a
                  key={f.fileName}
                  class="weui-cell weui-cell_access"
                  href={download(f.common ? 'commonRegulation' : 'regulation', f.fileName)}
                >
                  <span class="weui-cell__bd">{f.name}</span>
                  <span class="weui-cell__ft" />
                </a>
              ))}
            </Cells>
          )}
        </>
      )}
      {(guide || failed) && (
        <div class="app-actions">
          {resumed && <p class="sf-note">已保存您上次填写的内容</p>}
          {/* WeUI's button as it is (components/ui/button would bring the form blocks' chunk to every guide). */}
          <button
            type="button"
            class={starting ? 'weui-btn weui-btn_primary weui-btn_loading' : 'weui-btn weui-btn_primary'}
            aria-busy={starting || undefined}
            onClick={onStart}
          >
            {starting && <i class="app-spinner" aria-hidden="true" />}
            {resumed ? '继续办理' : '开始办理'}
          </button>
        </div>
      )}
    </div>
  );
}
