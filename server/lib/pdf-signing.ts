// The office's PDF signature (PAdES baseline's CMS, adbe.pkcs7.detached): pdfkit lays out the document with
// @signpdf/placeholder-pdfkit's signature field, @signpdf/signpdf fills it. The signer is the office's own key and
// certificate from a PKCS#12 file (SIGNING_P12_FILE), or a self-signed one kept by the server (demo and unconfigured
// installations; the document says so).
//
// The signer is @signpdf's P12Signer's work with one difference: node-forge re-encodes UTF-8 names (CN=示范大学…) it
// has read back from a certificate, so the signer's issuer no longer matches the certificate and verifiers
// (pdfsig, Adobe) cannot find it. Names are decoded once after reading; the embedded certificate keeps its own bytes.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { Signer } from '@signpdf/utils';
import { SignPdf } from '@signpdf/signpdf';

/** A private key and its certificate (with the chain the file carries). */
export interface SigningIdentity {
  key: forge.pki.PrivateKey;
  certificate: forge.pki.Certificate;
  chain: forge.pki.Certificate[];
  /** The certificate's holder as people read it (its CN, else the whole name). */
  holder: string;
  /** The server's own certificate (made by selfSignedP12), not one the office configured. */
  selfSigned: boolean;
  /** SHA-256 of the certificate (DER), hex: what the check page and the console show. */
  fingerprint: string;
  notAfter: Date;
}

type Name = forge.pki.Certificate['subject'];

/** forge reads UTF8String values as their bytes but writes them as text to encode: decode what it read. */
function decodeNames(name: Name) {
  for (const attr of name.attributes as { value: string; valueTagClass?: number }[]) {
    if (attr.valueTagClass === forge.asn1.Type.UTF8 && typeof attr.value === 'string') {
      try {
        attr.value = forge.util.decodeUtf8(attr.value);
      } catch {
        // not valid UTF-8: leave the bytes as they are
      }
    }
  }
}

const fingerprintOf = (cert: forge.pki.Certificate) => {
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return forge.md.sha256.create().update(der).digest().toHex();
};

function identity(key: forge.pki.PrivateKey, certs: forge.pki.Certificate[]): SigningIdentity {
  const rsa = key as forge.pki.rsa.PrivateKey;
  const certificate = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.compareTo(rsa.n) === 0 && pub.e.compareTo(rsa.e) === 0;
  });
  if (!certificate) throw new Error('the PKCS#12 file holds no certificate for its private key');
  for (const c of certs) {
    decodeNames(c.subject);
    decodeNames(c.issuer);
  }
  const cn = certificate.subject.getField('CN') as { value: string } | null;
  return {
    key,
    certificate,
    chain: certs,
    holder: cn?.value ?? certificate.subject.attributes.map((a) => `${a.shortName}=${a.value}`).join(', '),
    selfSigned: false,
    fingerprint: fingerprintOf(certificate),
    notAfter: certificate.validity.notAfter,
  };
}

/** Reads a PKCS#12 file (.p12/.pfx); throws with a plain message on a wrong passphrase or a file without a key. */
export function identityFromP12(bytes: Buffer, passphrase: string): SigningIdentity {
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary'))), false, passphrase);
  const keyBag =
    p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0] ??
    p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag]?.[0];
  if (!keyBag?.key) throw new Error('the PKCS#12 file holds no private key');
  const certs = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).flatMap((b) => (b.cert ? [b.cert] : []));
  return identity(keyBag.key, certs);
}

/**
 * A new self-signed identity for `organisation`, as a PKCS#12 file (to keep) and a passphrase: RSA 2048 made by
 * Node (forge's own key generation takes seconds), valid for `years`.
 */
export function selfSignedP12(holder: string, organisation: string, now: Date, years = 10): { p12: Buffer; passphrase: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime());
  cert.validity.notAfter.setFullYear(now.getFullYear() + years);
  // @types/node-forge types the tag as a Class; forge reads it as the value's type (UTF8String).
  const utf8 = forge.asn1.Type.UTF8 as unknown as forge.asn1.Class;
  const name = [
    { shortName: 'C', value: 'CN' },
    { shortName: 'O', value: organisation, valueTagClass: utf8 },
    { shortName: 'CN', value: holder, valueTagClass: utf8 },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: 'aes256' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), passphrase };
}

/** @signpdf's signer for one identity: CMS SignedData, detached, SHA-256, the attributes in PAdES's order. */
class IdentitySigner extends Signer {
  constructor(private readonly id: SigningIdentity) {
    super();
  }

  async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString('binary'));
    for (const c of this.id.chain) p7.addCertificate(c);
    p7.addSigner({
      key: this.id.key as forge.pki.rsa.PrivateKey,
      certificate: this.id.certificate,
      digestAlgorithm: forge.pki.oids.sha256,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}

const signPdf = new SignPdf();

/** Fills the signature placeholder of `pdf` (made with pdfkitAddPlaceholder) with the identity's signature. */
export function signWith(id: SigningIdentity, pdf: Buffer, signingTime: Date): Promise<Buffer> {
  return signPdf.sign(pdf, new IdentitySigner(id), signingTime);
}
