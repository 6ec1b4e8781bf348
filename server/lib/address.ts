// Addresses as printed on certificates: the region picked on /address, then the detail.

/**
 * 北京市/市辖区/海淀区 + 示范路1号 → 北京市海淀区示范路1号 (the placeholder levels of municipalities dropped). A detail
 * that starts by repeating the region, wholly or from a lower level (成都市锦江区春熙路1号 under 四川省/成都市/锦江区),
 * is not repeated (issue 25: 「成都市锦江区成都市锦江区…」).
 */
export function addressOf(region: { name: string } | null | undefined, detail: string | null | undefined): string {
  const parts = (region?.name ?? '').split('/').filter((p) => p && p !== '市辖区' && p !== '县');
  let rest = (detail ?? '').trim();
  for (let i = 0; i < parts.length; i++) {
    const said = parts.slice(i).join('');
    if (rest.startsWith(said)) {
      rest = rest.slice(said.length);
      break;
    }
  }
  return `${parts.join('')}${rest}`;
}
