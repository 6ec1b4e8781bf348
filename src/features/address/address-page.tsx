import { useEffect, useState } from 'react';
import type { Schemas } from '@/api/client';
import { childrenOf } from './api';
import { navigateApp } from '@/lib/nav';
import { Cell, Cells } from '@/components/ui/cells';
import { deliverRegion, pendingRegionRequest } from '@/components/service-form/region';
import { paths } from '@shared/pages/paths';

type Division = Schemas['DzItem'];

const LEVELS = ['省/自治区/直辖市', '市/区', '区/县'];

/** 地址选择: province → city → district; the choice goes back to the form that asked (history back). */
export default function AddressPage() {
  const [trail, setTrail] = useState<Division[]>([]);
  const [options, setOptions] = useState<Division[] | null>(null);
  const [failed, setFailed] = useState(false);

  async function open(next: Division[]) {
    const r = await childrenOf(next[next.length - 1]);
    if (!r.ok) return setFailed(true);
    setFailed(false);
    if (next.length && !r.data.length) return finish(next);
    setTrail(next);
    setOptions(r.data);
  }

  function finish(chosen: Division[]) {
    const request = pendingRegionRequest();
    deliverRegion({
      form: request?.form || '',
      field: request?.field || '',
      codes: chosen.map((d) => d.factValue),
      names: chosen.map((d) => d.displayName),
    });
    // Back to the form (its draft is restored with the choice); without a form, home.
    if (request && history.length > 1) history.back();
    else navigateApp(paths.home.href(), { replace: true });
  }

  useEffect(() => {
    void open([]);
    // The top level loads once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const pick = (d: Division) => {
    const next = [...trail, d];
    if (next.length >= LEVELS.length || d.hasChildren === false) finish(next);
    else void open(next);
  };

  return (
    <div class="app-page">
      {trail.length > 0 && (
        <Cells title="已选择">
          {trail.map((d, i) => (
            <Cell key={d.factValue} label={d.displayName} value="重新选择" onClick={() => void open(trail.slice(0, i))} />
          ))}
        </Cells>
      )}
      {failed && <p class="app-empty">地区加载失败，请返回重试</p>}
      {options && (
        <Cells title={`请选择${LEVELS[trail.length]}`}>
          {options.map((d) => (
            <Cell key={d.factValue} label={d.displayName} onClick={() => pick(d)} />
          ))}
        </Cells>
      )}
    </div>
  );
}
