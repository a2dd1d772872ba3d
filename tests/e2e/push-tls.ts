// The TLS pair of the end-to-end suite's fake push service. The server is started before any spec
// runs and trusts the certificate from its first line of code (NODE_EXTRA_CA_CERTS), so the pair is
// made once per run by the config in the runner process; its workers inherit the folder through the
// environment and read the same pair.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makePushTls } from '../server/push/fake-push-service';

const ENV = 'BEACON_E2E_PUSH_TLS';

export function e2ePushCertFile(): string {
  let dir = process.env[ENV];
  if (!dir) {
    dir = mkdtempSync(path.join(tmpdir(), 'beacon-e2e-push-'));
    makePushTls(dir);
    process.env[ENV] = dir;
  }
  return path.join(dir, 'cert.pem');
}

export function e2ePushTls(): { key: string; cert: string; certFile: string } {
  const certFile = e2ePushCertFile();
  const dir = path.dirname(certFile);
  return {
    key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    cert: readFileSync(certFile, 'utf8'),
    certFile,
  };
}
