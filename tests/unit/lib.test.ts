import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, maskIdNumber } from '@/lib/format';
import { compressImage, fitWithin, isCompressibleImage, MAX_IMAGE_SIDE } from '@/lib/image';
import { campusIdLabel, personTypeLabel } from '@/lib/person-types';

describe('image compression', () => {
  it('fits photos within 1600 px, keeping the aspect ratio and never enlarging', () => {
    expect(MAX_IMAGE_SIDE).toBe(1600);
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(1080, 2400)).toEqual({ width: 720, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('compresses photos only, and sends other files as they are', async () => {
    expect(isCompressibleImage(new Blob([], { type: 'image/png' }))).toBe(true);
    expect(isCompressibleImage(new Blob([], { type: 'application/pdf' }))).toBe(false);
    const pdf = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
    expect(await compressImage(pdf)).toBe(pdf);
  });
});

describe('format', () => {
  it('shows dates as YYYY-MM-DD and masks ID numbers', () => {
    expect(formatDate('2026-09-30')).toBe('2026-09-30');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(maskIdNumber('11010519491231002X')).toBe('1101**********002X');
    expect(maskIdNumber('1101**********002X')).toBe('1101**********002X');
  });
});

describe('person types', () => {
  it('labels the campus ID by person type', () => {
    expect(campusIdLabel('0')).toBe('学号');
    expect(campusIdLabel('7')).toBe('学号');
    expect(campusIdLabel('3')).toBe('工作证号');
    expect(campusIdLabel('5')).toBeNull();
    expect(personTypeLabel('4')).toBe('教职工');
  });
});
