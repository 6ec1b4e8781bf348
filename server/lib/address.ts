// Addresses as printed on certificates: the region picked on /address, then the detail.

/** 北京市/市辖区/海淀区 + 示范路1号 → 北京市海淀区示范路1号 (the placeholder levels of municipalities dropped). */
export function addressOf(region: { name: string } | null | undefined, detail: string | null | undefined): string {
  const parts = (region?.name ?? '').split('/').filter((p) => p && p !== '市辖区' && p !== '县');
  return `${parts.join('')}${detail ?? ''}`;
}
