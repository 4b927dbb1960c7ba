import http from 'node:http';
import { generate } from 'selfsigned';
import { startStandInServer } from '../../../kit/test/support/stand-in-server';
import type { StandInServer } from '../../../kit/test/support/stand-in-server';

/** A private CA (as a staging environment has) and a server certificate it signed. */
export interface TestCertificates {
  /** The CA's certificate, PEM: what NODE_EXTRA_CA_CERTS points at. */
  readonly caCert: string;
  readonly key: string;
  readonly cert: string;
}

export interface CertificateOptions {
  /** DNS names and IP addresses the server certificate is for (its subjectAltName). */
  readonly hosts?: readonly string[];
  readonly notBefore?: Date;
  readonly notAfter?: Date;
}

const DAY_MS = 86_400_000;

/** Generates a CA and a server certificate at run time (no files, no openssl binary). */
export async function privateCaCertificates(options: CertificateOptions = {}): Promise<TestCertificates> {
  const common = { keyType: 'ec', algorithm: 'sha256' } as const;
  const ca = await generate([{ name: 'commonName', value: 'Conformance test staging CA' }], {
    ...common,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const hosts = options.hosts ?? ['localhost', '127.0.0.1'];
  const server = await generate([{ name: 'commonName', value: hosts[0] ?? 'localhost' }], {
    ...common,
    ca: { key: ca.private, cert: ca.cert },
    notBeforeDate: options.notBefore ?? new Date(Date.now() - DAY_MS),
    notAfterDate: options.notAfter ?? new Date(Date.now() + DAY_MS),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: hosts.map((host) => (/^[\d.]+$|:/.test(host) ? { type: 7, ip: host } : { type: 2, value: host })),
      },
    ],
  });
  return { caCert: ca.cert, key: server.private, cert: server.cert };
}

/** An HTTPS front on 127.0.0.1 (a TLS-terminating load balancer) relaying every request to `upstreamOrigin` over HTTP. */
export function startTlsGateway(upstreamOrigin: string, certificates: TestCertificates): Promise<StandInServer> {
  const upstream = new URL(upstreamOrigin);
  return startStandInServer(
    (req, res) => {
      const relayed = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      relayed.on('error', () => res.destroy());
      req.pipe(relayed);
    },
    { key: certificates.key, cert: certificates.cert },
  );
}
