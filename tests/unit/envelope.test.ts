// AppError (server/lib/envelope.ts): a refusal answered to the client captures no stack trace; a 5xx keeps it.
import { describe, expect, it } from 'vitest';
import { AppError, bizError } from '../../server/lib/envelope.ts';

describe('AppError', () => {
  it('captures no stack trace below 500 and keeps one for a 5xx; the limit is restored either way', () => {
    const limit = Error.stackTraceLimit;
    const refused = bizError('该日期名额已满，请选择其他日期');
    expect(refused).toMatchObject({ statusCode: 200, code: 100, message: '该日期名额已满，请选择其他日期', name: 'AppError' });
    expect(refused.stack).not.toContain('    at ');
    expect(new AppError(400, '请求无效').stack).not.toContain('    at ');
    expect(new AppError(503, '数据库暂不可用').stack).toContain('    at ');
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('x').stack).toContain('    at ');
  });
});
