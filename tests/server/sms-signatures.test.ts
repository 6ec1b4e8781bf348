// The SMS providers' request signatures (server/services/sms-providers.ts) against the worked examples the providers
// publish, not against a fake that signs the same way: one wrong step (encoding, order, key derivation) fails here.
import { describe, expect, it } from 'vitest';
import { aliyunSignature, popEncode, tencentAuthorization } from '../../server/services/sms-providers.ts';

describe('Aliyun RPC signature (HMAC-SHA1), the documentation’s DescribeRegions example', () => {
  // Alibaba Cloud, "Request signatures" (RPC): AccessKeyId testid, AccessKeySecret testsecret, signed with "testsecret&".
  const params = {
    Timestamp: '2016-02-23T12:46:24Z',
    Format: 'XML',
    AccessKeyId: 'testid',
    Action: 'DescribeRegions',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
    Version: '2014-05-26',
    SignatureVersion: '1.0',
  };

  it('gives the published signature', () => {
    expect(aliyunSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('encodes as the documentation says (space %20, * %2A, ~ kept, the timestamp’s colons)', () => {
    expect(popEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(popEncode('2016-02-23T12:46:24Z')).toBe('2016-02-23T12%3A46%3A24Z');
    expect(popEncode('阿里云')).toBe('%E9%98%BF%E9%87%8C%E4%BA%91');
  });

  it('signs the verb: the same parameters POSTed (as the sender does) sign differently', () => {
    expect(aliyunSignature('POST', params, 'testsecret')).not.toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });
});

describe('Tencent Cloud API 3.0 signature (TC3-HMAC-SHA256), the documentation’s DescribeInstances example', () => {
  it('gives the published Authorization header', () => {
    // Tencent Cloud, "Signature v3": the keys are printed with asterisks in the documentation, and signed as printed.
    const authorization = tencentAuthorization({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      contentType: 'application/json; charset=utf-8',
      body: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
      timestamp: 1551113065,
    });
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c',
    );
  });
});
