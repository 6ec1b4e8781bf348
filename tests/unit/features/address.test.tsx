import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import AddressPage from '@/features/address/address-page';
import { requestRegion, takeRegion } from '@/components/service-form/region';
import { json, requestsTo, stubFetch } from '../helpers';
import { appUrl, renderScreen } from './service-helpers';

const dz = (displayName: string, factValue: string, hasChildren = true) => ({ displayName, factValue, hasChildren });

function routes() {
  return stubFetch({
    'POST /api/dict/getDzList': { code: 200, data: { shenList: [dz('北京市', '110000'), dz('广东省', '440000')] } },
    'POST /api/dict/getDzsByParent': async (r: Request) => {
      const { parentCode } = await r.json();
      const children: Record<string, unknown[]> = {
        '110000': [dz('海淀区', '110108', false)],
        '440000': [dz('广州市', '440100'), dz('东莞市', '441900')],
        '440100': [dz('天河区', '440106', false)],
        '441900': [],
      };
      return json({ code: 200, data: children[parentCode] ?? [] });
    },
  });
}

beforeEach(() => sessionStorage.clear());

const tap = async (name: string | RegExp) => fireEvent.click(await screen.findByRole('button', { name }));

describe('地址选择', () => {
  it('goes province → city → district and gives the choice back to the asking form', async () => {
    const fetch = routes();
    const back = vi.spyOn(history, 'back').mockImplementation(() => {});
    history.pushState(null, '', '/web/certif/id-card?step=form');
    requestRegion({ form: 'sfzbl', field: 'yjxx' });
    renderScreen('/address', <AddressPage />);
    expect(await screen.findByText('请选择省/自治区/直辖市')).not.toBeNull();
    await tap('广东省');
    await tap('广州市');
    await tap('天河区');
    expect(back).toHaveBeenCalledTimes(1);
    expect(takeRegion('sfzbl')).toEqual({
      form: 'sfzbl',
      field: 'yjxx',
      codes: ['440000', '440100', '440106'],
      names: ['广东省', '广州市', '天河区'],
    });
    expect(takeRegion('sfzbl')).toBeNull();
    expect(requestsTo(fetch, '/api/dict/getDzsByParent')).toHaveLength(2);
  });

  it('stops where a division has no lower level (a municipality’s district, a city without districts)', async () => {
    routes();
    vi.spyOn(history, 'back').mockImplementation(() => {});
    history.pushState(null, '', '/web/x');
    requestRegion({ form: 'sfzbl', field: 'yjxx' });
    renderScreen('/address', <AddressPage />);
    await tap('北京市');
    await tap('海淀区');
    expect(takeRegion('sfzbl')?.names).toEqual(['北京市', '海淀区']);

    requestRegion({ form: 'sfzbl', field: 'yjxx' });
    await tap(/北京市.*重新选择/);
    await tap('广东省');
    await tap('东莞市');
    await waitFor(() => expect(takeRegion('sfzbl')?.codes).toEqual(['440000', '441900']));
  });

  it('goes home when no form asked', async () => {
    routes();
    renderScreen('/address', <AddressPage />);
    await tap('北京市');
    await tap('海淀区');
    await waitFor(() => expect(appUrl()).toBe('/home'));
  });
});
