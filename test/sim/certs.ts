// Certificates for the simulators: a private CA, leaves it issues, and self-signed leaves.
// ECDSA P-256 keeps generation in the low milliseconds.
import { randomBytes } from 'node:crypto';
// @peculiar/x509's dependency tsyringe needs the Reflect metadata polyfill loaded first.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

// Node's global WebCrypto (same object as node:crypto's webcrypto, typed with the DOM lib).
const webcrypto = globalThis.crypto;
x509.cryptoProvider.set(webcrypto);

export interface Pem { certPem: string; keyPem: string }
export interface CertificateAuthority extends Pem { name: string }

export interface LeafOptions {
  hostnames?: string[];
  ips?: string[];
  validFrom?: Date;
  validTo?: Date;
  commonName?: string;
  /** Where the issuer's certificate is published (Authority Information Access), as public CAs write. */
  caIssuersUrl?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const keyAlgorithm = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const signingAlgorithm = { name: 'ECDSA', hash: 'SHA-256' } as const;

// Positive 16-byte serial: the high bit cleared so DER never reads it as negative.
function randomSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

async function generateKeys(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(keyAlgorithm, true, ['sign', 'verify']);
}

async function privateKeyPem(key: CryptoKey): Promise<string> {
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(pkcs8, 'PRIVATE KEY');
}

async function importPrivateKey(pem: string): Promise<CryptoKey> {
  const der = x509.PemConverter.decodeFirst(pem);
  return webcrypto.subtle.importKey('pkcs8', der, keyAlgorithm, false, ['sign']);
}

function escapeDnValue(value: string): string {
  return value.replace(/([,+"\\<>;=])/g, '\\$1');
}

function leafExtensions(opts: LeafOptions): x509.Extension[] {
  const hostnames = opts.hostnames ?? ['localhost'];
  const ips = opts.ips ?? ['127.0.0.1'];
  const names: x509.JsonGeneralNames = [
    ...hostnames.map((value) => ({ type: 'dns' as const, value })),
    ...ips.map((value) => ({ type: 'ip' as const, value })),
  ];
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
    new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
  ];
  if (names.length > 0) extensions.push(new x509.SubjectAlternativeNameExtension(names));
  if (opts.caIssuersUrl) extensions.push(new x509.AuthorityInfoAccessExtension({ caIssuers: new x509.GeneralName('url', opts.caIssuersUrl) }));
  return extensions;
}

function validity(opts: LeafOptions): { notBefore: Date; notAfter: Date } {
  const now = Date.now();
  return {
    notBefore: opts.validFrom ?? new Date(now - DAY_MS),
    notAfter: opts.validTo ?? new Date(now + 30 * DAY_MS),
  };
}

function leafCommonName(opts: LeafOptions): string {
  return opts.commonName ?? opts.hostnames?.[0] ?? opts.ips?.[0] ?? 'localhost';
}

/** `pathLength`: how many intermediates may stand under it. */
export async function createCertificateAuthority(name = 'OpsDesk Simulator CA', pathLength = 0): Promise<CertificateAuthority> {
  const keys = await generateKeys();
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: `CN=${escapeDnValue(name)}`,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 365 * DAY_MS),
    signingAlgorithm,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, pathLength, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { name, certPem: cert.toString('pem'), keyPem: await privateKeyPem(keys.privateKey) };
}

/** An intermediate authority under `ca`, as public CAs issue server certificates from. */
export async function issueIntermediateAuthority(ca: CertificateAuthority, name: string): Promise<CertificateAuthority> {
  const keys = await generateKeys();
  const caCert = new x509.X509Certificate(ca.certPem);
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: `CN=${escapeDnValue(name)}`,
    issuer: caCert.subject,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 365 * DAY_MS),
    signingAlgorithm,
    publicKey: keys.publicKey,
    signingKey: await importPrivateKey(ca.keyPem),
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.AuthorityKeyIdentifierExtension.create(caCert),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { name, certPem: cert.toString('pem'), keyPem: await privateKeyPem(keys.privateKey) };
}

export async function issueServerCertificate(ca: CertificateAuthority, opts: LeafOptions = {}): Promise<Pem> {
  const keys = await generateKeys();
  const caCert = new x509.X509Certificate(ca.certPem);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: `CN=${escapeDnValue(leafCommonName(opts))}`,
    issuer: caCert.subject,
    ...validity(opts),
    signingAlgorithm,
    publicKey: keys.publicKey,
    signingKey: await importPrivateKey(ca.keyPem),
    extensions: [
      ...leafExtensions(opts),
      await x509.AuthorityKeyIdentifierExtension.create(caCert),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await privateKeyPem(keys.privateKey) };
}

export async function createSelfSignedCertificate(opts: LeafOptions = {}): Promise<Pem> {
  const keys = await generateKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: `CN=${escapeDnValue(leafCommonName(opts))}`,
    ...validity(opts),
    signingAlgorithm,
    keys,
    extensions: [...leafExtensions(opts), await x509.SubjectKeyIdentifierExtension.create(keys.publicKey)],
  });
  return { certPem: cert.toString('pem'), keyPem: await privateKeyPem(keys.privateKey) };
}
