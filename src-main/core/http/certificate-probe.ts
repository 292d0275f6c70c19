// Reads the certificate chain a server presents, so that the UI can show an untrusted certificate
// (subject, issuer, validity, names, fingerprint) and let the user decide whether to trust it.
//
// A refused handshake does not expose the peer's certificates, so this probe completes a handshake
// with verification off. That is safe only because the probe sends no application bytes at all:
// it reads the presented chain and destroys the socket at once. It must never carry a request.
// It goes the way the profile's requests go (through its proxy), or behind a mandatory proxy
// no certificate could ever be shown or trusted.
import { X509Certificate } from 'node:crypto';
import { isIP, type Socket } from 'node:net';
import { connect, type DetailedPeerCertificate } from 'node:tls';
import { Client } from 'undici';
import type { ResolveProxy } from '../platform.ts';
import { proxyRouteFor } from './dispatcher.ts';
import { CERTIFICATE_CODES, describeConnectionFailure, describeNetworkError, describeTimeout, underlyingError } from './network-errors.ts';
import { ServiceFailure } from './service-failure.ts';
import type { CertificateInfo, ConnectionSettings, ServiceError, BackEnd } from './types.ts';

export function describeCertificate(chain: X509Certificate[]): CertificateInfo {
  const leaf = chain[0];
  if (!leaf) throw new Error('empty certificate chain');
  return {
    subject: leaf.subject.split('\n').join(', '),
    issuer: leaf.issuer.split('\n').join(', '),
    validFrom: leaf.validFromDate.toISOString(),
    validTo: leaf.validToDate.toISOString(),
    subjectAltNames: leaf.subjectAltName ? leaf.subjectAltName.split(', ') : [],
    sha256: leaf.fingerprint256,
    chainPem: chain.map((certificate) => certificate.toString()),
  };
}

function presentedChain(leaf: DetailedPeerCertificate): X509Certificate[] {
  const chain: X509Certificate[] = [];
  const seen = new Set<string>();
  // A self-signed certificate is its own issuer, so the walk stops at the first repeat.
  for (let current: DetailedPeerCertificate | undefined = leaf; current?.raw && !seen.has(current.fingerprint256); current = current.issuerCertificate) {
    seen.add(current.fingerprint256);
    chain.push(new X509Certificate(current.raw));
  }
  return chain;
}

export interface ProbeTarget {
  url: URL;
  /** Named in a failure. */
  service: BackEnd;
  timeoutMs: number;
  /** The profile's proxy: the probe takes the same way as its requests. */
  proxy: ConnectionSettings['proxy'];
  resolveProxy?: ResolveProxy;
}

/** Where a profile's probe goes, and how: the same way as its requests. */
export function probeTargetFor(
  profile: { service: BackEnd; baseUrl: string; timeouts: { connectMs: number }; proxy: ConnectionSettings['proxy'] },
  resolveProxy: ResolveProxy | undefined,
): ProbeTarget {
  const { service, baseUrl, timeouts, proxy } = profile;
  return { url: new URL(baseUrl), service, timeoutMs: timeouts.connectMs, proxy, ...(resolveProxy ? { resolveProxy } : {}) };
}

/** A CONNECT tunnel through the proxy to the server's host and port, as undici's ProxyAgent opens one. */
async function tunnel(proxyUrl: string, host: string, port: number, signal: AbortSignal): Promise<Socket> {
  const proxy = new URL(proxyUrl);
  const authority = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const credentials = proxy.username ? `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}` : undefined;
  const client = new Client(proxy.origin);
  try {
    const { statusCode, socket } = await client.connect({
      path: authority,
      headers: { host: authority, ...(credentials ? { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` } : {}) },
      signal,
    });
    if (statusCode !== 200) {
      socket.destroy();
      throw Object.assign(new Error(`the proxy answered CONNECT with ${statusCode}`), { code: 'UND_ERR_PROXY' });
    }
    return socket as Socket;
  } catch (error) {
    // Whatever went wrong on the way to the proxy is the proxy's failure as far as the user can act on it.
    const code = underlyingError(error)?.code;
    throw code === 'UND_ERR_PROXY' || signal.aborted ? error : Object.assign(new Error('the proxy could not be reached', { cause: error }), { code: 'UND_ERR_PROXY' });
  } finally {
    // The tunnel's socket is the caller's now; the client only dialled it.
    void client.close().catch(() => {});
  }
}

const probeTimedOut = () => Object.assign(new Error('certificate probe timed out'), { code: 'UND_ERR_CONNECT_TIMEOUT' });

/** What the server presented, and whether `checkedAgainst` (when given) accepts it for this host. */
interface Presented {
  certificate: CertificateInfo;
  accepted: boolean;
}

function handshake(host: string, port: number, socket: Socket | undefined, signal: AbortSignal, checkedAgainst: string[] | undefined): Promise<Presented> {
  return new Promise((resolve, reject) => {
    const tlsSocket = connect({
      // The host names the server for the identity check, also through a tunnel.
      ...(socket ? { socket, host } : { host, port }),
      ...(isIP(host) ? {} : { servername: host }),
      ...(checkedAgainst ? { ca: checkedAgainst } : {}),
      rejectUnauthorized: false,
    });
    tlsSocket.once('secureConnect', () => {
      try {
        // Node sets `authorized` from the chain and the host name check alike, refusing nothing here.
        resolve({ certificate: describeCertificate(presentedChain(tlsSocket.getPeerCertificate(true))), accepted: checkedAgainst !== undefined && tlsSocket.authorized });
      } catch (error) {
        reject(error);
      } finally {
        tlsSocket.destroy();
      }
    });
    tlsSocket.once('error', reject);
    signal.addEventListener('abort', () => tlsSocket.destroy(probeTimedOut()), { once: true });
    tlsSocket.once('close', () => reject(Object.assign(new Error('the server closed the connection during the handshake'), { code: 'ECONNRESET' })));
  });
}

/** Rejects with a ServiceFailure that says what failed, in the words of a request's failure. */
export async function probeCertificate(target: ProbeTarget): Promise<CertificateInfo> {
  return (await probe(target, undefined)).certificate;
}

/** What the server presents, and whether these trust anchors (the system's, say) accept it for the profile's address. */
export function probeCertificateAgainst(target: ProbeTarget, anchors: string[]): Promise<Presented> {
  return probe(target, anchors);
}

async function probe(target: ProbeTarget, checkedAgainst: string[] | undefined): Promise<Presented> {
  const { url, timeoutMs } = target;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port || 443);
  const expiry = AbortSignal.timeout(timeoutMs);
  let socket: Socket | undefined;
  try {
    const route = await proxyRouteFor(target.proxy, url, target.resolveProxy);
    socket = route === 'direct' ? undefined : await tunnel(route, host, port, expiry);
    return await handshake(host, port, socket, expiry, checkedAgainst);
  } catch (error) {
    const system = underlyingError(error);
    if (system?.code === 'UND_ERR_CONNECT_TIMEOUT' || expiry.aborted) {
      throw new ServiceFailure(describeTimeout(target, 'connect', timeoutMs), { cause: error });
    }
    throw new ServiceFailure(describeConnectionFailure(target, system, url.host, false), { cause: error });
  } finally {
    socket?.destroy();
  }
}

/**
 * For a failure the user is looking at (a connection test): a certificate refusal gains what the
 * server presented, so they can compare fingerprints. Never for background calls: it connects again.
 */
export async function withPresentedCertificate(error: ServiceError, target: ProbeTarget): Promise<ServiceError> {
  if (!CERTIFICATE_CODES.has(error.code)) return error;
  const certificate = await probeCertificate(target).catch(() => undefined);
  if (!certificate) return error;
  if (error.code !== 'certificate_chain_incomplete') return { ...error, certificate };
  return { ...describeIssuerNotSent(target, certificate), certificate };
}

/**
 * The handshake only says that the issuer was neither sent nor trusted. The certificate tells which:
 * one that names where its issuer's certificate is published (Authority Information Access, as
 * every public and most company CAs write) was issued by an intermediate the server left out;
 * one that does not comes from an authority of its own that this profile does not trust.
 */
function describeIssuerNotSent(target: ProbeTarget, certificate: CertificateInfo): ServiceError {
  const leaf = new X509Certificate(certificate.chainPem[0]!);
  const host = target.url.host;
  if (leaf.infoAccess?.includes('CA Issuers')) return describeNetworkError(target, 'certificate_chain_incomplete', host, { context: 'intermediate', issuer: certificate.issuer });
  return describeNetworkError(target, 'untrusted_certificate', host);
}
