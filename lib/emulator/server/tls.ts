import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isIP } from 'node:net';

/*
 * A minimal DER encoder, enough for one self-signed X.509 v3 certificate. Node can sign but
 * has no certificate builder, and shelling out to openssl would tie the emulator to a binary.
 */

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const seq = (...c: Buffer[]) => tlv(0x30, ...c);
const set = (...c: Buffer[]) => tlv(0x31, ...c);
const TRUE = tlv(0x01, Buffer.from([0xff]));

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [a * 40 + b];
  for (const part of rest) {
    const group = [part & 0x7f];
    for (let v = part >>> 7; v > 0; v >>>= 7) group.unshift((v & 0x7f) | 0x80);
    bytes.push(...group);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** A non-negative INTEGER (a leading zero keeps the sign bit clear). */
function uint(bytes: Buffer): Buffer {
  return tlv(0x02, (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

/** UTCTime before 2050, GeneralizedTime after, as RFC 5280 requires. */
function time(d: Date): Buffer {
  const digits = d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${digits.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${digits}Z`));
}

function ipv6Bytes(addr: string): Buffer {
  const [head = '', tail] = addr.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...new Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return Buffer.from(groups.flatMap((g) => {
    const v = parseInt(g, 16);
    return [v >> 8, v & 0xff];
  }));
}

/** subjectAltName entries: iPAddress [7] for addresses, dNSName [2] otherwise. */
function altName(name: string): Buffer {
  const bare = name.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return tlv(0x87, Buffer.from(bare.split('.').map(Number)));
  if (family === 6) return tlv(0x87, ipv6Bytes(bare));
  return tlv(0x82, Buffer.from(name, 'ascii'));
}

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return critical ? seq(oid(id), TRUE, tlv(0x04, value)) : seq(oid(id), tlv(0x04, value));
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/**
 * A fresh ECDSA P-256 key and a self-signed certificate for `names` (host names and IP
 * addresses), valid from an hour ago for 30 days. It is its own CA, so a client can trust it
 * by passing the certificate as `ca`.
 */
export function selfSignedCertificate(names: readonly string[]): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaWithSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const subject = seq(set(seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from('snoopath emulator')))));
  const now = Date.now();
  const serial = randomBytes(16);
  // Positive and minimal in DER: a first byte of 0 (then a padding byte OpenSSL refuses, 1 certificate in 256) is never drawn.
  serial[0] = ((serial[0] ?? 0) & 0x7f) || 1;
  const extensions = seq(
    extension('2.5.29.19', true, seq(TRUE)), // basicConstraints: CA
    extension('2.5.29.15', true, tlv(0x03, Buffer.from([0x02, 0x84]))), // keyUsage: digitalSignature, keyCertSign
    extension('2.5.29.37', false, seq(oid('1.3.6.1.5.5.7.3.1'))), // extKeyUsage: serverAuth
    extension('2.5.29.17', false, seq(...[...new Set(names)].map(altName))),
  );
  const tbs = seq(
    tlv(0xa0, uint(Buffer.from([2]))),
    uint(serial),
    ecdsaWithSha256,
    subject,
    seq(time(new Date(now - 3_600_000)), time(new Date(now + 30 * 86_400_000))),
    subject,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, extensions),
  );
  // node:crypto's ECDSA signature is already the DER SEQUENCE {r, s} that X.509 wants.
  const signature = sign('sha256', tbs, privateKey);
  const cert = seq(tbs, ecdsaWithSha256, tlv(0x03, Buffer.from([0]), signature));
  return { key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), cert: pem('CERTIFICATE', cert) };
}
