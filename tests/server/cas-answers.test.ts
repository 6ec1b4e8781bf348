// The CAS answer reader (server/services/cas.ts, fast-xml-parser) against answers in the shapes CAS 2.0/3.0 servers
// send (tests/fixtures/cas/README.md), and against the development CAS's own answers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readServiceResponse, serviceResponseXml } from '../../server/services/cas.ts';

const answer = (name: string) => readServiceResponse(readFileSync(new URL(`../fixtures/cas/${name}`, import.meta.url), 'utf8'));

describe('CAS serviceValidate answers', () => {
  it('CAS 3.0: the user, attributes as elements (a repeated one keeps its first value), entities decoded, the PGT IOU read past', () => {
    expect(answer('cas3-success.xml')).toEqual({
      identity: {
        uid: '2025100001',
        attributes: expect.objectContaining({
          xm: '张思远 & 同学',
          rylb: '0',
          zjhm: '0012',
          memberOf: 'undergraduate',
          isFromNewLogin: 'true',
        }),
      },
    });
  });

  it('CAS 2.0 proxyValidate: no attributes, a proxy chain', () => {
    expect(answer('cas2-proxy-success.xml')).toEqual({ identity: { uid: 'T2012100099', attributes: {} } });
  });

  it('the older name/value attribute elements', () => {
    expect(answer('jasig-attribute-style.xml')).toEqual({ identity: { uid: '2025100003', attributes: { xm: '王小明', rylb: '1' } } });
  });

  it('the namespace under another prefix; the user trimmed', () => {
    expect(answer('other-prefix.xml')).toEqual({ identity: { uid: '2025100004', attributes: { xm: '李四' } } });
  });

  it('failures give their code', () => {
    expect(answer('failure-invalid-ticket.xml')).toEqual({ failure: 'INVALID_TICKET' });
    expect(answer('failure-invalid-service.xml')).toEqual({ failure: 'INVALID_SERVICE' });
  });

  it('refuses a document type declaration, malformed XML, an answer without a user, and other documents', () => {
    expect(answer('doctype-entities.xml')).toEqual({ failure: 'MALFORMED' });
    for (const bad of [
      '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>x</cas:user>',
      '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user> </cas:user></cas:authenticationSuccess></cas:serviceResponse>',
      '<html><body>502 Bad Gateway</body></html>',
      'yes\n2025100001\n',
      '',
    ])
      expect(readServiceResponse(bad), bad).toEqual({ failure: 'MALFORMED' });
  });

  it('reads the development CAS’s answers back (escaped values survive)', () => {
    const identity = { uid: '2025<1>&', attributes: { xm: '欧阳 "娜娜" & \'x\'' } };
    expect(readServiceResponse(serviceResponseXml(identity, 'ST-1'))).toEqual({ identity });
    expect(readServiceResponse(serviceResponseXml(null, 'ST-<bad>'))).toEqual({ failure: 'INVALID_TICKET' });
  });
});
